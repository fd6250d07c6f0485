package dl2.emulator;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.controller.ControllerConfig;
import dl2.kubernetes.controller.SlotController;
import dl2.kubernetes.controller.SlotReport;
import dl2.kubernetes.driver.DriverKind;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.simulation.SimulationLimitException;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.simulation.SlotStats;
import dl2.simulation.world.ExactWorld;
import dl2.simulation.world.World;
import dl2.slot.ScalingCost;
import dl2.slot.Scheduler;
import dl2.speed.SpeedModel;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code dl2 cluster-emulator}: a trace on an in-process API server ({@link MockCluster}), the real
 * controller talking to it over HTTP, and emulated training ({@link EmulatedTraining}) on an
 * accelerated clock. Slot ts: the jobs arriving at ts are created, the controller reconciles, then
 * every job trains for the slot with the tasks it got and reports its progress. Results come from
 * the DL2Job statuses the controller wrote, in the simulator's terms (dl2-spec §5.3).
 */
public final class ClusterEmulator {
  /** What the emulator reports after each slot. */
  public interface Listener {
    void onSlot(SlotReport report, SlotStats stats, EmulatedProgress progress);
  }

  /** One reconciliation; tests substitute controllers that crash and restart. */
  public interface ControllerRun {
    SlotReport reconcile();
  }

  /** Origin of the emulated clock: any fixed instant keeps runs reproducible. */
  static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");

  public static final String NAMESPACE = "dl2";

  private final MockCluster cluster;
  private final ControllerConfig config;
  private final ScalingCost scalingCost;
  private final World world;
  private final long worldSeed;
  private final EmulatedClock clock = new EmulatedClock(ORIGIN);
  private DriverKind driver = DriverKind.PODS;
  private String kueueQueue;
  private String placement;
  private List<String> overcommitted = List.of();

  public ClusterEmulator(MockCluster cluster, int taskCap, int slotSeconds, SpeedModel speed) {
    this(cluster, taskCap, slotSeconds, speed, ScalingCost.NONE);
  }

  /**
   * With {@code scalingCost}, emulated jobs lose that time when resized, as the simulator charges
   * it.
   */
  public ClusterEmulator(
      MockCluster cluster,
      int taskCap,
      int slotSeconds,
      SpeedModel speed,
      ScalingCost scalingCost) {
    this(cluster, taskCap, slotSeconds, speed, scalingCost, ExactWorld.INSTANCE, 0);
  }

  /**
   * Jobs train in {@code world}, started with the simulator's seed of the trace ({@code
   * worldSeed}), so that each job progresses as it does in the simulator when it holds the same
   * pods on the same nodes.
   */
  public ClusterEmulator(
      MockCluster cluster,
      int taskCap,
      int slotSeconds,
      SpeedModel speed,
      ScalingCost scalingCost,
      World world,
      long worldSeed) {
    this.cluster = cluster;
    this.scalingCost = scalingCost;
    this.world = world;
    this.worldSeed = worldSeed;
    this.config = new ControllerConfig(NAMESPACE, slotSeconds, taskCap, speed);
  }

  public ControllerConfig config() {
    return config;
  }

  /** {@link #using(DriverKind, String, String)} under the default placement. */
  public ClusterEmulator using(DriverKind kind, String queue) {
    return using(kind, queue, null);
  }

  /**
   * Controllers apply allocations with driver {@code kind}, and training reads the tasks from what
   * that driver makes: pods, Volcano Jobs' replicas, or Indexed Jobs' parallelism and PS
   * annotation. The Jobs carry the affinity of {@code placement} (null: the default) as a live
   * controller's would, but the emulated placement of their pods ignores it.
   */
  public ClusterEmulator using(DriverKind kind, String queue, String placementName) {
    this.driver = kind;
    this.kueueQueue = queue;
    this.placement = placementName;
    return this;
  }

  /** A controller of its own (fresh client) on this emulator's clock. */
  public SlotController newController(Scheduler scheduler, ApiRetry retry) {
    return new SlotController(cluster.newControllerClient(), config, scheduler, clock, retry)
        .using(driver, kueueQueue, placement);
  }

  /** Runs {@code trace} to completion with one controller running {@code scheduler}. */
  public SimulationResult run(Trace trace, Scheduler scheduler, int maxSlots, Listener listener) {
    SlotController controller = newController(scheduler, ApiRetry.standard());
    return run(trace, controller::reconcile, maxSlots, listener);
  }

  /** Runs {@code trace} to completion; {@code controller} reconciles once per slot. */
  public SimulationResult run(
      Trace trace, ControllerRun controller, int maxSlots, Listener listener) {
    EmulatedTraining training =
        new EmulatedTraining(
            cluster,
            NAMESPACE,
            trace,
            world,
            config.speed(),
            worldSeed,
            config.slotSeconds(),
            scalingCost,
            driver);
    List<SlotStats> slots = new ArrayList<>();
    int idleSlots = 0;
    for (int slot = 0; ; slot++) {
      if (slot >= maxSlots) {
        throw new SimulationLimitException(
            "trace "
                + trace.name()
                + " did not finish within "
                + maxSlots
                + " slots ("
                + training.finishedCount()
                + " of "
                + trace.size()
                + " jobs completed)");
      }
      Instant start = slotStart(slot);
      clock.set(start);
      training.createArrivals(slot);
      SlotReport report = controller.reconcile();
      SlotStats stats = training.train(slot, start);
      slots.add(stats);
      listener.onSlot(report, stats, training.progress());
      if (training.allFinished()) {
        clock.set(slotStart(slot + 1));
        controller.reconcile(); // marks the last completions and removes their pods
        break;
      }
      idleSlots = training.ranLastSlot() || training.waitingCount() == 0 ? 0 : idleSlots + 1;
      if (idleSlots >= Simulator.IDLE_SLOT_LIMIT) {
        throw SimulationLimitException.idle(
            trace.name(), training.waitingCount(), slot); // as the simulator stops
      }
    }
    overcommitted = training.overcommitted();
    return result(trace, slots, training);
  }

  Instant slotStart(int slot) {
    return ORIGIN.plus(Duration.ofSeconds((long) slot * config.slotSeconds()));
  }

  /** Overcommitted nodes seen in the last run; empty when capacity always held. */
  public List<String> overcommitted() {
    return overcommitted;
  }

  private SimulationResult result(Trace trace, List<SlotStats> slots, EmulatedTraining training) {
    Map<String, Dl2Job> jobs = new TreeMap<>();
    for (Dl2Job job :
        cluster.client().resources(Dl2Job.class).inNamespace(NAMESPACE).list().getItems()) {
      jobs.put(job.getMetadata().getName(), job);
    }
    List<JobResult> results = new ArrayList<>();
    for (JobSpec spec : trace.jobs()) {
      Dl2Job job = jobs.get(EmulatedTraining.jobName(spec));
      Dl2JobStatus status = job == null ? null : job.getStatus();
      if (status == null || status.completedAtSlots == null || status.arrivalSlot == null) {
        throw new IllegalStateException(
            "job "
                + spec.id()
                + " of "
                + trace.name()
                + " was lost: "
                + (job == null ? "its DL2Job is gone" : "its status is incomplete"));
      }
      double completion = status.completedAtSlots - 1; // e = ts − 1 + φ
      results.add(
          JobResult.completed(
              spec.id(),
              spec.type(),
              status.arrivalSlot,
              completion,
              training.firstStartSlot(spec)));
    }
    return SimulationResult.of(trace.name(), results, slots);
  }
}
