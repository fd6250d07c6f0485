package dl2.kubernetes.controller;

import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.driver.JobPlan;
import dl2.kubernetes.driver.RunningTask;
import dl2.learning.rl.OnlineTuner;
import dl2.learning.sl.LabelledSample;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterState;
import dl2.slot.JobLedger;
import dl2.slot.JobOrder;
import dl2.slot.JobProgress;
import dl2.slot.ProgressMeter;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.slot.StableScheduler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The second step of a slot, decide: admit the new jobs, then run the scheduler, unchanged from the
 * simulator, on a live {@link LiveSlot} whose jobs hold the tasks they run as the slot starts, kept
 * in place ({@link StableScheduler}); a node within its NotReady grace period has room only for the
 * tasks it holds. The result is each job's plan: the node of each of its tasks (dl2-spec §5.1 on a
 * live slot, §10's deltas).
 */
final class SlotDecider {
  /**
   * A slot's decision.
   *
   * @param entries every listed job with its status before and after admission
   * @param schedulable the entries scheduled, ascending job id, as {@code jobs}
   * @param plans each scheduled job's tasks and nodes, in name order
   */
  record Decision(
      List<Admission.Entry> entries,
      List<Admission.Entry> schedulable,
      List<SlotJob> jobs,
      List<JobPlan> plans,
      double decisionMillis,
      List<LabelledSample> samples) {}

  private final ControllerConfig config;
  private final StableScheduler scheduler;
  private Admission admission;
  private OnlineTuner tuner;
  private ReportedSpeed reportedSpeed;
  private ShadowRecorder shadow;

  /** Each job's progress over the last slot this controller ran, for the speed estimates. */
  private final ProgressMeter meter = new ProgressMeter();

  SlotDecider(ControllerConfig config, StableScheduler scheduler) {
    this.config = config;
    this.scheduler = scheduler;
  }

  void admitting(Admission jobAdmission) {
    this.admission = jobAdmission;
  }

  void tuning(OnlineTuner onlineTuner) {
    this.tuner = onlineTuner;
  }

  void estimatingSpeeds() {
    this.reportedSpeed = new ReportedSpeed(config.speed(), config.slotSeconds());
  }

  void recordingTo(ShadowRecorder recorder) {
    this.shadow = recorder;
  }

  boolean recording() {
    return shadow != null;
  }

  /**
   * The decision of the slot {@code seen} observed, given the progress {@code measured} since the
   * last.
   */
  Decision decide(SlotObservation seen, List<JobProgress> measured) {
    if (tuner != null) {
      tuner.observe(measured);
    }
    int slot = seen.slot();
    List<Admission.Entry> schedulable = new ArrayList<>();
    List<Admission.Entry> entries =
        admission.admit(
            seen.jobs(), slot, seen.origin(), config.slotSeconds(), seen.now(), schedulable);
    schedulable.sort((a, b) -> Integer.compare(a.after().jobId, b.after().jobId));
    LiveSlot live = new LiveSlot(config.speed(), config.slotSeconds());
    NodeInventory nodes = seen.nodes();
    List<SlotJob> jobs = schedulable.stream().map(e -> liveJob(live, e, seen)).toList();
    long start = System.nanoTime();
    SlotContext context = live.context(slot, config.taskCap(), jobs, cluster(nodes, jobs));
    if (reportedSpeed != null) {
      reportedSpeed.observe(
          slot, meter.measurements(context), id -> jobs.get(JobOrder.indexOfId(jobs, id)).type());
      jobs.forEach(job -> live.setSpeedFactor(job.id(), reportedSpeed.factor(job.id())));
    }
    List<LabelledSample> samples = new ArrayList<>();
    UnaryOperator<SlotContext> decorate =
        shadow == null ? UnaryOperator.identity() : c -> shadow.wrap(c, samples::add);
    scheduler.schedule(context, decorate);
    double decisionMillis = (System.nanoTime() - start) / 1e6;
    meter.remember(context.jobs(), slot);
    List<JobPlan> plans = new ArrayList<>();
    for (int i = 0; i < jobs.size(); i++) {
      plans.add(plan(schedulable.get(i), jobs.get(i), nodes));
    }
    plans.sort((a, b) -> a.name().compareTo(b.name()));
    return new Decision(entries, schedulable, jobs, plans, decisionMillis, samples);
  }

  /** Records the slot's samples once it is applied: a crashed slot is recorded when redone. */
  void recorded(int slot, List<LabelledSample> samples) {
    if (shadow != null) {
      shadow.write(slot, samples);
    }
  }

  /**
   * The slot's nodes: a node within its NotReady grace period ({@link NodeInventory#isClosed}) is
   * taken but for the room of the tasks scheduled jobs hold there, so it takes no new task.
   */
  private static ClusterState cluster(NodeInventory nodes, List<SlotJob> jobs) {
    ClusterState cluster = new ClusterState(nodes.spec());
    for (int node = 0; node < nodes.names().size(); node++) {
      if (nodes.isClosed(node)) {
        int cores = nodes.spec().coresPerNode();
        int gpus = nodes.spec().gpusPerNode();
        for (SlotJob job : jobs) {
          cores -=
              held(job.held().workerNodes(), node) * job.type().demand(Task.WORKER).cores()
                  + held(job.held().psNodes(), node) * job.type().demand(Task.PS).cores();
          gpus -=
              held(job.held().workerNodes(), node) * job.type().demand(Task.WORKER).gpus()
                  + held(job.held().psNodes(), node) * job.type().demand(Task.PS).gpus();
        }
        cluster.allocate(node, new Resources(Math.max(0, cores), Math.max(0, gpus)));
      }
    }
    return cluster;
  }

  private static int held(int[] nodes, int node) {
    return (int) Arrays.stream(nodes).filter(n -> n == node).count();
  }

  /** The job as this slot sees it, holding its running tasks on the nodes still in use. */
  private SlotJob liveJob(LiveSlot live, Admission.Entry entry, SlotObservation seen) {
    Dl2JobStatus s = entry.after();
    Dl2JobSpec spec = entry.job().job().getSpec();
    JobType type = JobType.byModelName(spec.modelType).orElseThrow();
    double done = s.epochsDone == null ? 0 : s.epochsDone;
    JobSpec job =
        new JobSpec(
            s.jobId,
            type,
            s.arrivalSlot,
            spec.epochs,
            spec.epochs,
            spec.maxWorkers == null ? JobSpec.UNCAPPED : spec.maxWorkers,
            spec.maxParameterServers == null ? JobSpec.UNCAPPED : spec.maxParameterServers);
    SlotJob slotJob =
        new SlotJob(
            live,
            entry.job().name(),
            job,
            seen.nodes().spec(),
            config.taskCap(),
            ledger(s, seen.slot(), done));
    for (RunningTask task : seen.running().getOrDefault(entry.job().name(), List.of())) {
      int node = seen.nodes().indexOf(task.node());
      if (node >= 0) {
        slotJob.holds(Labels.WORKER.equals(task.role()) ? Task.WORKER : Task.PS, node);
      }
    }
    return slotJob;
  }

  /**
   * The job's ledger before slot {@code slot}, from its status: the slots it ran, of which {@code
   * slot} itself is not yet one (a slot applied once before a restart is being redone).
   */
  private static JobLedger ledger(Dl2JobStatus s, int slot, double done) {
    int slotsRun = s.slotsRun == null ? 0 : s.slotsRun;
    boolean redone = Objects.equals(s.lastRunSlot, slot);
    int lastRun = redone || s.lastRunSlot == null ? -1 : s.lastRunSlot;
    return new JobLedger(done, redone ? slotsRun - 1 : slotsRun, -1, lastRun, 0, 0);
  }

  private static JobPlan plan(Admission.Entry entry, SlotJob job, NodeInventory nodes) {
    Dl2JobStatus status = entry.after();
    return new JobPlan(
        job.name(),
        entry.job().uid(),
        job.type(),
        entry.job().job().getSpec(),
        Arrays.stream(job.workerNodes()).mapToObj(nodes.names()::get).toList(),
        Arrays.stream(job.psNodes()).mapToObj(nodes.names()::get).toList(),
        status.nextWorkerIndex == null ? 0 : status.nextWorkerIndex,
        status.nextPsIndex == null ? 0 : status.nextPsIndex);
  }
}
