package dl2.schedulers.placed;

import dl2.schedulers.OptimusFitted;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.NodeOccupancy;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;

/**
 * IA-SRPT-greedy (docs/heuristics/ia-greedy.md): optimus-remaining made placement- and
 * interference-aware. Every slot, from zero: each outstanding job first gets a worker and a PS, in
 * id order, on the node where it runs fastest and slows the jobs already there least; jobs still
 * being profiled (observation-only version) are brought to their next profiling configuration the
 * same way; then, one task at a time, the (job, node, role) with the largest value goes in, where
 * the value is the fraction of the job's remaining time the task saves, plus the (negative)
 * fractions it costs every job already on that node, per unit of the task's dominant share; the
 * slot ends when no task has a positive value or none fits. Speeds come from {@link PlacedSpeeds}:
 * measured online ({@code ia-greedy}) or the simulator's world ({@code ia-greedy-oracle}).
 */
public final class IaGreedy implements Scheduler {
  /**
   * @param perShare divide each value by the task's dominant share of the cluster (else the bare
   *     saving)
   * @param polluxRule never put two jobs that span several nodes on one node (Pollux's interference
   *     avoidance)
   * @param victimsAtOldSpeed value a co-located job's loss as (s1 − s0)/s0, the slots it loses at
   *     its old speed, instead of 1 − s0/s1 as the job's own gain
   * @param admitEveryJob every job gets its first worker and PS whatever it costs the others
   *     (Optimus' rule); otherwise only where it gains more than it costs
   * @param completionRate value a speed change by the change in completion rate s/R (Smith's rule,
   *     SRPT's fluid form) instead of by the fraction of remaining time saved
   * @param bundles a step may also add a worker and a PS together on one node, which a single task
   *     cannot value (a lone task on a new node first lowers the job's share of local pairs)
   * @param lastSlot a job that finishes inside the slot is valued by the slots a task saves it (its
   *     saved fraction times t0 < 1), not the fraction of its remaining time
   * @param maxStepTasks from 3 on, a step may add any mix of up to this many tasks on one node
   *     (multi-task steps: speed is not concave in the task count under worker–PS locality)
   */
  public record Config(
      boolean perShare,
      boolean polluxRule,
      boolean victimsAtOldSpeed,
      boolean admitEveryJob,
      boolean completionRate,
      boolean bundles,
      boolean lastSlot,
      int maxStepTasks) {
    /** The single-task greedy (steps of one task, or a bundle), fractions only. */
    public Config(
        boolean perShare,
        boolean polluxRule,
        boolean victimsAtOldSpeed,
        boolean admitEveryJob,
        boolean completionRate,
        boolean bundles) {
      this(
          perShare,
          polluxRule,
          victimsAtOldSpeed,
          admitEveryJob,
          completionRate,
          bundles,
          false,
          1);
    }

    /** This configuration with the last-slot rule on or off. */
    public Config withLastSlot(boolean on) {
      return new Config(
          perShare,
          polluxRule,
          victimsAtOldSpeed,
          admitEveryJob,
          completionRate,
          bundles,
          on,
          maxStepTasks);
    }

    /** This configuration with steps of up to {@code tasks} tasks. */
    public Config withMaxStepTasks(int tasks) {
      return new Config(
          perShare,
          polluxRule,
          victimsAtOldSpeed,
          admitEveryJob,
          completionRate,
          bundles,
          lastSlot,
          tasks);
    }
  }

  /** The configuration both versions ship with (docs/heuristics/ia-greedy.md). */
  public static final Config SHIPPED = new Config(true, false, false, true, false, true);

  /**
   * Where {@code ia-greedy} profiles a new job, one slot each (clipped to its caps):
   * optimus-fitted's first configuration (8 PSs, 2 workers), two that fit on one node (2 GPUs, 8
   * cores), where this greedy keeps most jobs in a world with placement effects, and one with a
   * third worker; the greedy's own choices add the rest. Chosen on validation traces
   * (docs/heuristics/ia-greedy.md).
   */
  public static final java.util.List<OptimusFitted.Config> PROFILE =
      java.util.List.of(
          new OptimusFitted.Config(8, 2),
          new OptimusFitted.Config(2, 2),
          new OptimusFitted.Config(1, 1),
          new OptimusFitted.Config(2, 3));

  private final String name;
  private final PlacedSpeeds speeds;
  private final Config config;

  /**
   * The configuration {@code ia-greedy-multistep} and its oracle ship with: steps of up to 4 tasks
   * (a GPU node holds at most 4 tasks of one job, so more changes nothing) and the last-slot rule,
   * chosen on validation traces (docs/heuristics/stronger-greedy.md).
   */
  public static final Config MULTI_STEP = SHIPPED.withLastSlot(true).withMaxStepTasks(4);

  /**
   * Where {@code ia-greedy-multistep} profiles the first jobs of each type: {@link #PROFILE}
   * without (1, 1), the configuration a short job loses most in. Chosen on validation traces with
   * its pooled prior (docs/heuristics/observed-greedy.md).
   */
  public static final java.util.List<OptimusFitted.Config> MULTI_STEP_PROFILE =
      java.util.List.of(
          new OptimusFitted.Config(8, 2),
          new OptimusFitted.Config(2, 2),
          new OptimusFitted.Config(2, 3));

  /**
   * Profiled jobs per type before {@code ia-greedy-multistep}'s pooled curve replaces profiling.
   */
  public static final int MULTI_STEP_PROFILED_JOBS = 3;

  /** The weight of its pooled curve at each profiling configuration, in measurements. */
  public static final double MULTI_STEP_PRIOR_WEIGHT = 0.5;

  /** Its jobs judged by the pooled curve: those expected to finish within this many slots. */
  public static final double MULTI_STEP_SHORT_SLOTS = 8;

  /**
   * What {@code ia-greedy-multistep} measures with: profiling at {@link #MULTI_STEP_PROFILE} and a
   * pooled type prior for short jobs of types already profiled.
   */
  public static MeasuredWorld multiStepWorld() {
    return new MeasuredWorld(MULTI_STEP_PROFILE)
        .withPooledPrior(MULTI_STEP_PROFILED_JOBS, MULTI_STEP_PRIOR_WEIGHT, MULTI_STEP_SHORT_SLOTS);
  }

  /**
   * {@code ia-greedy-multistep} under {@code name}: multi-task steps, measured with a pooled prior.
   */
  public static IaGreedy measuredMultiStep(String name) {
    return measuredMultiStep(name, OptimusRemaining.ON_THE_ESTIMATE);
  }

  /** The same believing {@code remaining} (docs/job-lengths.md), its pooled prior's too. */
  public static IaGreedy measuredMultiStep(
      String name, OptimusRemaining.RemainingEpochs remaining) {
    return new IaGreedy(name, multiStepWorld().believing(remaining), MULTI_STEP, false, remaining);
  }

  /** {@code ia-greedy}: everything measured from observed progress. */
  public static IaGreedy measured() {
    return measured("ia-greedy", SHIPPED);
  }

  /** {@code ia-greedy-oracle}: every speed from the simulator's world (placed dry runs). */
  public static IaGreedy oracle() {
    return oracle("ia-greedy-oracle", SHIPPED);
  }

  /** The greedy under {@code config} and {@code name}, measuring everything. */
  public static IaGreedy measured(String name, Config config) {
    return new IaGreedy(name, new MeasuredWorld(PROFILE), config);
  }

  /** The greedy under {@code config} and {@code name}, asking the simulator's world: an oracle. */
  public static IaGreedy oracle(String name, Config config) {
    return new IaGreedy(name, new PlacedDryRuns(), config);
  }

  private final boolean plain;
  private final OptimusRemaining.RemainingEpochs remainingEpochs;

  public IaGreedy(String name, PlacedSpeeds speeds, Config config) {
    this(name, speeds, config, false, OptimusRemaining.ON_THE_ESTIMATE);
  }

  private IaGreedy(
      String name,
      PlacedSpeeds speeds,
      Config config,
      boolean plain,
      OptimusRemaining.RemainingEpochs remainingEpochs) {
    this.name = name;
    this.speeds = speeds;
    this.config = config;
    this.plain = plain;
    this.remainingEpochs = remainingEpochs;
  }

  /**
   * This greedy under {@code name}, believing {@code remainingEpochs} instead of E − P (the
   * posterior expectation of docs/job-lengths.md).
   */
  public IaGreedy believing(String name, OptimusRemaining.RemainingEpochs remainingEpochs) {
    return new IaGreedy(name, speeds, config, plain, remainingEpochs);
  }

  /**
   * The same greedy revaluing every candidate after each task: the reference its incremental step
   * is tested against.
   */
  static IaGreedy plainReference(String name, PlacedSpeeds speeds, Config config) {
    return new IaGreedy(name, speeds, config, true, OptimusRemaining.ON_THE_ESTIMATE);
  }

  @Override
  public String name() {
    return name;
  }

  /** Every task goes to the node it chose ({@code tryAddOn}). */
  @Override
  public boolean placesItsOwnTasks() {
    return true;
  }

  /** What it judges speeds by (for diagnostics). */
  public PlacedSpeeds speeds() {
    return speeds;
  }

  @Override
  public void schedule(SlotContext slot) {
    speeds.startSlot(slot);
    NodeOccupancy occupancy = new NodeOccupancy(slot.cluster());
    new IaGreedySlot(slot, speeds, config, occupancy, plain, remainingEpochs).run();
    speeds.endSlot(slot, occupancy);
  }
}
