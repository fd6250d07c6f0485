package dl2.schedulers.rollout;

import dl2.schedulers.OptimusRemaining.Rank;
import java.util.List;

/**
 * {@link RolloutPlanner}'s knobs, chosen on validation traces (docs/heuristics/rollout.md).
 *
 * @param horizonSlots model slots simulated per candidate (the candidate's slot, then the base
 *     heuristic) before the terminal estimate; 0 runs the present jobs to completion
 * @param heldBackJobs candidates that give one job no task this slot: the jobs the base allocation
 *     serves with the longest remaining time, this many
 * @param trimmedJobs candidates that move one task of a job to the greedy's next choice: the jobs
 *     with the most tasks in the base allocation, this many
 * @param boostedJobs candidates that serve one job first: the jobs with the shortest remaining time
 *     at the base allocation, this many
 * @param otherRanks candidates that value every task by another of optimus-remaining's ranks
 */
public record RolloutConfig(
    int horizonSlots, int heldBackJobs, int trimmedJobs, int boostedJobs, List<Rank> otherRanks) {
  /**
   * What {@code rollout} ships with: the cheapest of the settings tied best on paper-dense's
   * validation traces.
   */
  public static final RolloutConfig SHIPPED = new RolloutConfig(3, 0, 2, 0, List.of());

  public RolloutConfig {
    if (horizonSlots < 0 || heldBackJobs < 0 || trimmedJobs < 0 || boostedJobs < 0) {
      throw new IllegalArgumentException("rollout's horizon and candidate counts must be ≥ 0");
    }
    otherRanks = List.copyOf(otherRanks);
  }
}
