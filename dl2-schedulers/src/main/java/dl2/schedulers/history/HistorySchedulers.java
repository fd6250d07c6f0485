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
 * curves measured on the preset's training traces ({@link SpeedHistoryRuns}), so a type seen there
 * is judged by its pooled curve from its first job, and short jobs skip profiling from the first
 * slot. Observation-only: the history holds fits of measured progress, nothing else.
 */
public final class HistorySchedulers {
  public static final String IA_GREEDY_MULTISTEP_HISTORY = "ia-greedy-multistep-history";

  /** Profiled jobs per type (history included) before the pooled curve replaces profiling. */
  public static final int PROFILED_JOBS = IaGreedy.MULTI_STEP_PROFILED_JOBS;

  /** The pooled curve's weight at each profiling configuration, in measurements. */
  public static final double PRIOR_WEIGHT = IaGreedy.MULTI_STEP_PRIOR_WEIGHT;

  /** Jobs judged by the pooled curve: those expected to finish within this many slots. */
  public static final double SHORT_SLOTS = IaGreedy.MULTI_STEP_SHORT_SLOTS;

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
                SHORT_SLOTS),
        Trait.PLACEMENT_AWARE,
        Trait.PLACES_ITS_OWN_TASKS);
  }

  /**
   * The multistep greedy called {@code name} starting from {@code history}, with a pooled prior of
   * these knobs ({@link MeasuredWorld#withPooledPrior}).
   */
  public static IaGreedy create(
      String name, SpeedHistory history, int profiledJobs, double weight, double shortSlots) {
    MeasuredWorld world =
        new MeasuredWorld(IaGreedy.MULTI_STEP_PROFILE)
            .withPooledPrior(profiledJobs, weight, shortSlots)
            .withHistory(history);
    return new IaGreedy(name, world, IaGreedy.MULTI_STEP);
  }
}
