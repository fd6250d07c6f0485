package dl2.kubernetes.controller;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.ControllerState;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.NodeInventory;
import dl2.kubernetes.api.ObservedJob;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.JobPlan;
import dl2.kubernetes.driver.ScalingDriver;
import dl2.learning.rl.OnlineTuner;
import dl2.learning.sl.LabelledSample;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.slot.ClusterState;
import dl2.slot.JobLedger;
import dl2.slot.JobOrder;
import dl2.slot.JobProgress;
import dl2.slot.ProgressMeter;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The per-slot controller (dl2-spec §11): observe Nodes, DL2Jobs and reported progress; run the
 * scheduler, unchanged from the simulator, on a live {@link LiveSlot}; apply the difference with
 * the driver; write each job's status and an Event per scaling action. Every slot is computed
 * from the cluster alone (level-triggered), so redoing a slot after a crash changes nothing twice.
 */
public final class SlotController {
  private final ClusterApi api;
  private final ControllerConfig config;
  private final Scheduler scheduler;
  private final Clock clock;
  private Admission admission;
  private DriverKind driverKind = DriverKind.PODS;
  private ScalingDriver driver;
  private final ScalingEvents events;
  private final Map<String, Double> lastEpochsDone = new HashMap<>();
  private Instant origin;
  private ShadowRecorder shadow;
  private OnlineTuner tuner;
  private ReportedSpeed reportedSpeed;
  /** Each job's progress over the last slot this controller ran, for the speed estimates. */
  private final ProgressMeter meter = new ProgressMeter();
  private ControllerMetrics metrics;

  public SlotController(KubernetesClient client, ControllerConfig config, Scheduler scheduler, Clock clock, ApiRetry retry) {
    this.api = new ClusterApi(client, config.namespace(), retry);
    this.config = config;
    this.scheduler = scheduler;
    this.clock = clock;
    this.events = new ScalingEvents(api);
    using(DriverKind.PODS, null);
  }

  /** {@link #using(DriverKind, String, String)} under the default placement. */
  public SlotController using(DriverKind kind, String kueueQueue) {
    return using(kind, kueueQueue, null);
  }

  /**
   * Applies allocations with the driver {@code kind} instead of managing pods; {@code kueueQueue}
   * (may be null) puts the indexed-job driver's Jobs in that Kueue queue; {@code placement} (the
   * scheduler's, null for the default) gives the Volcano and Indexed Jobs its affinity.
   */
  public SlotController using(DriverKind kind, String kueueQueue, String placement) {
    if (kueueQueue != null && kind != DriverKind.INDEXED_JOB) {
      throw new IllegalArgumentException("a Kueue queue needs the indexed-job driver");
    }
    this.driverKind = kind;
    this.driver = kind.driver(api, config.tolerations(), config.taskCap(), kueueQueue, placement);
    this.admission = new Admission(api.client().getKubernetesSerialization(), new JobValidation(kind, config.taskCap()));
    return this;
  }

  /**
   * Online fine-tuning: {@code tuner} must be this controller's scheduler; it gets each slot's
   * reward, and each guard fallback becomes an Event ({@code PolicyFallback}) and a metric.
   */
  public SlotController tuning(OnlineTuner onlineTuner, ControllerMetrics controllerMetrics) {
    if (onlineTuner != scheduler) {
      throw new IllegalArgumentException("the online tuner must be the controller's scheduler");
    }
    this.tuner = onlineTuner;
    this.metrics = controllerMetrics;
    onlineTuner.listening(this::fellBack);
    return this;
  }

  private void fellBack(int slot, double policyReward, double teacherLevel) {
    if (metrics != null) {
      metrics.recordFallback();
    }
    events.record(ClusterApi.STATE_CONFIG_MAP, null, "dl2-controller.fallback" + slot, "PolicyFallback", "Warning",
        String.format("slot %d: the policy's rolling reward %.4f fell below the teacher's level %.4f by more than the margin;"
            + " the teacher schedules the next slots", slot, policyReward, teacherLevel), clock.instant(), "ConfigMap", "v1");
  }

  /** Dry runs (Optimus) use speeds estimated from the progress reports ({@link ReportedSpeed}). */
  public SlotController estimatingSpeeds() {
    this.reportedSpeed = new ReportedSpeed(config.speed(), config.slotSeconds());
    return this;
  }

  /** Records the scheduler's decisions as warm-up samples from now on (shadow mode). */
  public SlotController recordingTo(ShadowRecorder recorder) {
    this.shadow = recorder;
    return this;
  }

  /** Runs one slot: the one {@code clock} is in, counted from the origin kept in the cluster. */
  public SlotReport reconcile() {
    return reconcile(() -> true);
  }

  /**
   * {@link #reconcile()}, changing the cluster only while {@code stillLeading}: a replica that lost
   * the Lease during the slot stops before applying it, and the new leader redoes the slot.
   */
  public SlotReport reconcile(java.util.function.BooleanSupplier stillLeading) {
    long begin = System.nanoTime();
    Instant now = clock.instant();
    ControllerState state = api.state(now, config.slotSeconds(), driverKind.cliName());
    keepSlotLength(state);
    origin = state.origin();
    int slot = (int) Math.floor(Admission.slotsBetween(origin, now, config.slotSeconds()));
    NodeInventory nodes = NodeInventory.of(api.nodes(), config.tolerations());
    List<ObservedJob> observed = api.jobs();
    List<JobProgress> measured = measurements(observed, slot);
    double reward = measured.stream().mapToDouble(JobProgress::reward).sum();
    if (tuner != null) {
      tuner.observe(measured);
    }
    List<Admission.Entry> schedulable = new ArrayList<>();
    List<Admission.Entry> entries = admission.admit(observed, slot, origin, config.slotSeconds(), now, schedulable);
    schedulable.sort((a, b) -> Integer.compare(a.after().jobId, b.after().jobId));
    LiveSlot live = new LiveSlot(config.speed(), config.slotSeconds());
    List<SlotJob> jobs = schedulable.stream().map(e -> liveJob(live, e, slot, nodes)).toList();
    long decisionStart = System.nanoTime();
    SlotContext context = live.context(slot, config.taskCap(), jobs, new ClusterState(nodes.spec()));
    if (reportedSpeed != null) {
      reportedSpeed.observe(slot, meter.measurements(context), id -> jobs.get(JobOrder.indexOfId(jobs, id)).type());
      jobs.forEach(job -> live.setSpeedFactor(job.id(), reportedSpeed.factor(job.id())));
    }
    List<LabelledSample> samples = new ArrayList<>();
    scheduler.schedule(shadow == null ? context : shadow.wrap(context, samples::add));
    double decisionMillis = (System.nanoTime() - decisionStart) / 1e6;
    meter.remember(context.jobs(), slot);
    List<JobPlan> plans = new ArrayList<>();
    for (int i = 0; i < jobs.size(); i++) {
      plans.add(plan(schedulable.get(i), jobs.get(i), nodes));
    }
    plans.sort((a, b) -> a.name().compareTo(b.name()));
    requireLeading(stillLeading);
    ScalingDriver.Changes changes = handOver(state).plus(driver.apply(plans));
    java.util.Set<String> rejected = changes.rejected().keySet();
    if (!rejected.isEmpty()) {
      // Remove what was made of the rejected jobs; the others keep their allocation.
      changes = changes.plus(driver.apply(plans.stream().filter(p -> !rejected.contains(p.name())).toList()));
    }
    List<SlotReport.Allocation> allocations = new ArrayList<>();
    for (int i = 0; i < jobs.size(); i++) {
      Admission.Entry entry = schedulable.get(i);
      String rejection = changes.rejected().get(entry.job().name());
      if (rejection == null) {
        allocations.add(record(entry, jobs.get(i), slot, now));
      } else {
        Admission.markInvalid(entry.after(), entry.before(), new JobValidation.Problem(Admission.REJECTED,
            "the API server rejected the job's objects: " + rejection), entry.job().generation(), now);
      }
    }
    events.transitions(entries, slot, now);
    requireLeading(stillLeading);
    writeStatuses(entries);
    if (shadow != null) {
      shadow.write(slot, samples); // only once the slot is applied: a crashed slot is recorded when redone
    }
    return new SlotReport(slot, phases(entries), allocations, changes.created(), changes.deleted(), reward,
        decisionMillis, (System.nanoTime() - begin) / 1e6, nodes.skipped(), changes.rejected());
  }

  /** Slots keep the length they were counted in: an older controller's state gets it recorded, another length is refused. */
  private void keepSlotLength(ControllerState state) {
    if (state.slotSeconds() == null) {
      api.recordSlotSeconds(config.slotSeconds());
    } else if (state.slotSeconds() != config.slotSeconds()) {
      throw new IllegalStateException(StartChecks.slotLengthMismatch(state.slotSeconds(), config.slotSeconds()));
    }
  }

  /**
   * After a switch of drivers, removes the previous driver's objects (they would hold resources,
   * and the new driver could mistake their pods for its own), then records the new driver.
   */
  private ScalingDriver.Changes handOver(ControllerState state) {
    if (driverKind.cliName().equals(state.driver())) {
      return new ScalingDriver.Changes(0, 0);
    }
    ScalingDriver.Changes removed = new ScalingDriver.Changes(0, 0);
    if (state.driver() != null) {
      DriverKind previous = java.util.Arrays.stream(DriverKind.values()).filter(k -> k.cliName().equals(state.driver()))
          .findFirst().orElse(null);
      if (previous != null) {
        removed = PreviousDriver.removeAll(previous.driver(api, config.tolerations(), config.taskCap(), null, null),
            previous);
      }
    }
    api.recordDriver(driverKind.cliName());
    return removed;
  }

  private static void requireLeading(java.util.function.BooleanSupplier stillLeading) {
    if (!stillLeading.getAsBoolean()) {
      throw new IllegalStateException("this replica lost the Lease during the slot; the new leader redoes it");
    }
  }

  /** When slot {@code slot} starts, once a reconciliation has read the origin. */
  public Instant slotStart(int slot) {
    return origin.plusSeconds((long) slot * config.slotSeconds());
  }

  private SlotJob liveJob(LiveSlot live, Admission.Entry entry, int slot, NodeInventory nodes) {
    Dl2JobStatus s = entry.after();
    Dl2JobSpec spec = entry.job().job().getSpec();
    JobType type = JobType.byModelName(spec.modelType).orElseThrow();
    double done = s.epochsDone == null ? 0 : s.epochsDone;
    JobSpec job = new JobSpec(s.jobId, type, s.arrivalSlot, spec.epochs, spec.epochs,
        spec.maxWorkers == null ? JobSpec.UNCAPPED : spec.maxWorkers,
        spec.maxParameterServers == null ? JobSpec.UNCAPPED : spec.maxParameterServers);
    return new SlotJob(live, entry.job().name(), job, nodes.spec(), config.taskCap(), ledger(s, slot, done));
  }

  /**
   * The job's ledger before slot {@code slot}, from its status: the slots it ran, of which
   * {@code slot} itself is not yet one (a slot applied once before a restart is being redone).
   */
  private static JobLedger ledger(Dl2JobStatus s, int slot, double done) {
    int slotsRun = s.slotsRun == null ? 0 : s.slotsRun;
    boolean redone = Objects.equals(s.lastRunSlot, slot);
    int lastRun = redone || s.lastRunSlot == null ? -1 : s.lastRunSlot;
    return new JobLedger(done, redone ? slotsRun - 1 : slotsRun, -1, lastRun, 0, 0);
  }

  private static JobPlan plan(Admission.Entry entry, SlotJob job, NodeInventory nodes) {
    return new JobPlan(job.name(), entry.job().uid(), job.type(), entry.job().job().getSpec(),
        java.util.Arrays.stream(job.workerNodes()).mapToObj(nodes.names()::get).toList(),
        java.util.Arrays.stream(job.psNodes()).mapToObj(nodes.names()::get).toList());
  }

  private SlotReport.Allocation record(Admission.Entry entry, SlotJob job, int slot, Instant now) {
    Dl2JobStatus before = entry.before();
    Dl2JobStatus after = entry.after();
    after.workers = job.workers();
    after.parameterServers = job.parameterServers();
    boolean running = job.workers() + job.parameterServers() > 0;
    after.phase = (running ? JobPhase.Running : JobPhase.Pending).name();
    if (running) {
      after.slotsRun = job.ledger().ran(slot, job.workers(), job.parameterServers()).slotsRun();
      after.lastRunSlot = slot;
    }
    int oldWorkers = before.workers == null ? 0 : before.workers;
    int oldPs = before.parameterServers == null ? 0 : before.parameterServers;
    if (oldWorkers != job.workers() || oldPs != job.parameterServers()) {
      events.scaled(job.name(), entry.job().uid(), slot, now, oldWorkers, oldPs, job.workers(), job.parameterServers());
    }
    return new SlotReport.Allocation(job.name(), job.id(), job.type().modelName(), job.workers(), job.parameterServers(),
        job.progress(), job.epochs());
  }

  /** Patches only the controller's own fields, and only where they changed. */
  private void writeStatuses(List<Admission.Entry> entries) {
    var serialization = api.client().getKubernetesSerialization();
    for (Admission.Entry entry : entries) {
      Dl2JobStatus patch = serialization.clone(entry.after());
      patch.epochsDone = null; // owned by the training job, which may be reporting right now
      patch.finishedAt = null;
      Dl2JobStatus old = serialization.clone(entry.before());
      old.epochsDone = null;
      old.finishedAt = null;
      if (!serialization.asJson(patch).equals(serialization.asJson(old))) {
        api.patchStatus(entry.job().name(), patch);
      }
    }
  }

  /**
   * What each job was measured to do since this controller's previous slot: the progress it
   * reported, under the allocation the controller gave it for that slot, over the part of the slot
   * it trained (up to {@code finishedAt} if it finished). Their Δ/E sum to the slot reward (§7.5).
   */
  private List<JobProgress> measurements(List<ObservedJob> observed, int slot) {
    List<JobProgress> measured = new ArrayList<>();
    for (ObservedJob job : observed) {
      if (!job.parsed() || job.job().getSpec() == null || job.job().getSpec().epochs == null) {
        continue;
      }
      Dl2JobStatus status = job.status();
      double done = status.epochsDone == null ? 0 : status.epochsDone;
      Double previous = lastEpochsDone.put(job.name(), done);
      if (previous == null || status.jobId == null || !(job.job().getSpec().epochs > 0) || done == previous) {
        continue;
      }
      double trained = 1;
      if (status.finishedAt != null) {
        double end = Admission.slotsBetween(origin, java.time.Instant.parse(status.finishedAt), config.slotSeconds());
        trained = Math.min(1, Math.max(0, end - (slot - 1)));
      }
      double epochs = done - previous;
      measured.add(new JobProgress(status.jobId, status.parameterServers == null ? 0 : status.parameterServers,
          status.workers == null ? 0 : status.workers, epochs, trained, epochs / job.job().getSpec().epochs,
          status.finishedAt != null));
    }
    measured.sort((a, b) -> Integer.compare(a.jobId(), b.jobId()));
    return measured;
  }

  private static Map<JobPhase, Integer> phases(List<Admission.Entry> entries) {
    Map<JobPhase, Integer> phases = new EnumMap<>(JobPhase.class);
    for (JobPhase phase : JobPhase.values()) {
      phases.put(phase, 0);
    }
    for (Admission.Entry entry : entries) {
      for (JobPhase phase : JobPhase.values()) {
        if (phase.name().equals(entry.after().phase)) {
          phases.merge(phase, 1, Integer::sum);
        }
      }
    }
    return phases;
  }
}
