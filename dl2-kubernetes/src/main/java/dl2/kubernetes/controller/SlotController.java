package dl2.kubernetes.controller;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.WriteFence;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.JobPlan;
import dl2.kubernetes.driver.ScalingDriver;
import dl2.learning.rl.OnlineTuner;
import dl2.slot.JobProgress;
import dl2.slot.Scheduler;
import dl2.slot.SlotJob;
import dl2.slot.StableScheduler;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The per-slot controller (dl2-spec §11), one reconciliation in four steps, as java-operator-sdk
 * shapes one: observe Nodes, DL2Jobs, running tasks and reported progress ({@link
 * SlotObservation}); decide, with the scheduler unchanged from the simulator, keeping running tasks
 * in place ({@link SlotDecider}); apply the difference with the driver, the API server's refusals
 * of a job marking only that job; report each job's status, an Event per scaling action, and the
 * slot. Every slot is computed from the cluster alone (level-triggered), so redoing a slot after a
 * crash changes nothing twice; every write asks the {@link WriteFence} first.
 */
public final class SlotController {
  private final ClusterApi api;
  private final ControllerConfig config;
  private final Scheduler scheduler;
  private final Clock clock;
  private final SlotDecider decider;
  private final ScalingEvents events;
  private final StatusWriter statuses;
  private final JobMeasurements measurements = new JobMeasurements();
  private DriverKind driverKind = DriverKind.PODS;
  private ScalingDriver driver;
  private Instant origin;
  private ControllerMetrics metrics;

  /**
   * {@code scheduler} keeps running tasks in place ({@link StableScheduler#around}), as every live
   * cluster needs.
   */
  public SlotController(
      KubernetesClient client,
      ControllerConfig config,
      Scheduler scheduler,
      Clock clock,
      ApiRetry retry) {
    this.api = new ClusterApi(client, config.namespace(), retry);
    this.config = config;
    this.scheduler = scheduler;
    this.clock = clock;
    this.decider = new SlotDecider(config, StableScheduler.around(scheduler));
    this.events = new ScalingEvents(api);
    this.statuses = new StatusWriter(api);
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
    decider.admitting(
        new Admission(
            api.client().getKubernetesSerialization(), new JobValidation(kind, config.taskCap())));
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
    decider.tuning(onlineTuner);
    this.metrics = controllerMetrics;
    onlineTuner.listening(this::fellBack);
    return this;
  }

  private void fellBack(int slot, double policyReward, double teacherLevel) {
    if (metrics != null) {
      metrics.recordFallback();
    }
    events.record(
        ClusterApi.STATE_CONFIG_MAP,
        null,
        "dl2-controller.fallback" + slot,
        "PolicyFallback",
        "Warning",
        String.format(
            "slot %d: the policy's rolling reward %.4f fell below the teacher's level %.4f by more than the margin;"
                + " the teacher schedules the next slots",
            slot, policyReward, teacherLevel),
        clock.instant(),
        "ConfigMap",
        "v1");
  }

  /** Dry runs (Optimus) use speeds estimated from the progress reports ({@link ReportedSpeed}). */
  public SlotController estimatingSpeeds() {
    decider.estimatingSpeeds();
    return this;
  }

  /** Records the scheduler's decisions as warm-up samples from now on (shadow mode). */
  public SlotController recordingTo(ShadowRecorder recorder) {
    decider.recordingTo(recorder);
    return this;
  }

  /** Runs one slot: the one {@code clock} is in, counted from the origin kept in the cluster. */
  public SlotReport reconcile() {
    return reconcile(WriteFence.NONE, OptionalInt.empty());
  }

  /**
   * Runs slot {@code slot} (the one the clock is in if absent or later), every write asking {@code
   * fence} first: a replica that lost the Lease writes nothing more, and the new leader redoes the
   * slot.
   */
  public SlotReport reconcile(WriteFence fence, OptionalInt slot) {
    long begin = System.nanoTime();
    api.fencedBy(fence);
    SlotObservation seen =
        SlotObservation.of(api, config, driver, driverKind.cliName(), clock.instant(), slot);
    origin = seen.origin();
    List<JobProgress> measured =
        measurements.since(seen.jobs(), seen.slot(), origin, config.slotSeconds());
    SlotDecider.Decision decision = decider.decide(seen, measured);
    fence.check();
    statuses.claimShrinks(decision.schedulable(), decision.jobs());
    SlotApply applied = SlotApply.of(api, config, driver, driverKind, seen, decision);
    List<SlotReport.Allocation> allocations = report(seen, decision, applied);
    statuses.write(decision.entries());
    decider.recorded(seen.slot(), decision.samples());
    return new SlotReport(
        seen.slot(),
        phases(decision.entries()),
        allocations,
        applied.changes().created(),
        applied.changes().deleted(),
        measured.stream().mapToDouble(JobProgress::reward).sum(),
        decision.decisionMillis(),
        (System.nanoTime() - begin) / 1e6,
        seen.nodes().skipped(),
        applied.rejected(),
        List.copyOf(seen.nodes().closed()),
        applied.refused());
  }

  /**
   * Each scheduled job's allocation (and its Events), or its rejection; completions' and
   * invalidity's Events.
   */
  private List<SlotReport.Allocation> report(
      SlotObservation seen, SlotDecider.Decision decision, SlotApply applied) {
    List<SlotReport.Allocation> allocations = new ArrayList<>();
    for (int i = 0; i < decision.jobs().size(); i++) {
      Admission.Entry entry = decision.schedulable().get(i);
      String name = entry.job().name();
      String rejection = applied.rejected().get(name);
      SlotJob job = decision.jobs().get(i);
      if (rejection == null) {
        JobPlan kept = applied.kept().get(name);
        int workers = kept == null ? job.workers() : kept.workerNodes().size();
        int ps = kept == null ? job.parameterServers() : kept.psNodes().size();
        allocations.add(record(entry, job, workers, ps, seen.slot(), seen.now()));
        if (kept != null) {
          events.refused(
              name,
              entry.job().uid(),
              seen.slot(),
              seen.now(),
              workers,
              ps,
              applied.refused().get(name));
        }
      } else {
        Admission.markInvalid(
            entry.after(),
            entry.before(),
            new JobValidation.Problem(
                Admission.REJECTED, "the API server rejected the job's objects: " + rejection),
            entry.job().generation(),
            seen.now());
      }
    }
    events.transitions(decision.entries(), seen.slot(), seen.now());
    return allocations;
  }

  /** When slot {@code slot} starts, once a reconciliation has read the origin. */
  public Instant slotStart(int slot) {
    return origin.plusSeconds((long) slot * config.slotSeconds());
  }

  /** {@code job}'s status and Events for running {@code workers} and {@code ps} this slot. */
  private SlotReport.Allocation record(
      Admission.Entry entry, SlotJob job, int workers, int ps, int slot, Instant now) {
    Dl2JobStatus before = entry.before();
    Dl2JobStatus after = entry.after();
    after.workers = workers;
    after.parameterServers = ps;
    boolean running = workers + ps > 0;
    after.phase = (running ? JobPhase.Running : JobPhase.Pending).name();
    if (running) {
      after.slotsRun = job.ledger().ran(slot, workers, ps).slotsRun();
      after.lastRunSlot = slot;
    }
    int oldWorkers = before.workers == null ? 0 : before.workers;
    int oldPs = before.parameterServers == null ? 0 : before.parameterServers;
    if (oldWorkers != workers || oldPs != ps) {
      events.scaled(job.name(), entry.job().uid(), slot, now, oldWorkers, oldPs, workers, ps);
    }
    return new SlotReport.Allocation(
        job.name(), job.id(), job.type().modelName(), workers, ps, job.progress(), job.epochs());
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
