package dl2.simulation;

import java.util.List;

/**
 * The outcome of one trace: per-job results in id order, average JCT (summed in id order),
 * makespan = max(e + 1), and per-slot stats (dl2-spec §5.3).
 */
public record SimulationResult(String traceName, List<JobResult> jobs, double averageJct, double makespan, List<SlotStats> slots) {
  /** Mean per-slot reward. */
  public double meanReward() {
    return slots.stream().mapToDouble(SlotStats::reward).average().orElse(0);
  }
}
