package dl2.schedulers.history;

import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.placed.IaGreedy;
import dl2.schedulers.placed.MeasuredWorld;
import dl2.schedulers.placed.SpeedHistory;
import dl2.slot.Scheduler;
import java.util.function.Supplier;

/**
 * {@code ia-greedy-multistep-history}: {@code ia-greedy-multistep} whose type pools start with the
 * curve fitted to what it measured on the preset's training traces ({@link SpeedHistoryRuns}), so a
 * short job of a type seen there skips profiling from the type's first job; it is judged by the
 * type's curve with its compute and communication scaled to its own measurements. Observation-only:
 * the history holds measured progress, nothing else (docs/heuristics/observed-greedy.md).
 */
public final class HistorySchedulers {
  public static final String IA_GREEDY_MULTISTEP_HISTORY = "ia-greedy-multistep-history";

  /** Profiled jobs per type (history included) before the pooled curve replaces profiling. */
  public static final int PROFILED_JOBS = IaGreedy.MULTI_STEP_PROFILED_JOBS;

  /** The pooled curve's weight at each profiling configuration, in measurements. */
  public static final double PRIOR_WEIGHT = IaGreedy.MULTI_STEP_PRIOR_WEIGHT;

  /**
   * Jobs judged by the pooled curve: those expected to finish within this many slots (8 for {@code
   * ia-greedy-multistep}; chosen on validation traces).
   */
  public static final double SHORT_SLOTS = 4;

  /**
   * A judged job is the type's curve with its compute and communication scaled ({@code
   * TypeScaling}).
   */
  public static final boolean SCALED = true;

  private HistorySchedulers() {}

  /**
   * {@code registry} with {@code ia-greedy-multistep-history}, its history from {@code history}.
   */
  public static Registry<Scheduler> with(
      Registry<Scheduler> registry, Supplier<SpeedHistory> history) {
    return registry.with(
        IA_GREEDY_MULTISTEP_HISTORY,
        l ->
            create(
                IA_GREEDY_MULTISTEP_HISTORY,
                history.get(),
                PROFILED_JOBS,
                PRIOR_WEIGHT,
                SHORT_SLOTS,
                SCALED),
        Trait.PLACEMENT_AWARE,
        Trait.PLACES_ITS_OWN_TASKS);
  }

  /**
   * The multistep greedy called {@code name} starting from {@code history}, with a pooled prior of
   * these knobs ({@link MeasuredWorld#withPooledPrior}).
   */
  public static IaGreedy create(
      String name,
      SpeedHistory history,
      int profiledJobs,
      double weight,
      double shortSlots,
      boolean scaled) {
    MeasuredWorld plain = new MeasuredWorld(IaGreedy.MULTI_STEP_PROFILE);
    MeasuredWorld world =
        (scaled
                ? plain.withScaledPrior(profiledJobs, weight, shortSlots)
                : plain.withPooledPrior(profiledJobs, weight, shortSlots))
            .withHistory(history);
    return new IaGreedy(name, world, IaGreedy.MULTI_STEP);
  }
}
