package dl2.simulation;

import dl2.model.JobResult;
import java.util.List;

/**
 * The outcome of one trace: per-job results in id order, average JCT (summed in id order), makespan
 * = max(e + 1), and per-slot stats (dl2-spec §5.3).
 */
public record SimulationResult(
    String traceName,
    List<JobResult> jobs,
    double averageJct,
    double makespan,
    List<SlotStats> slots) {
  /**
   * The result of these completed jobs (any order): average JCT summed in id order, makespan max(e
   * + 1).
   */
  public static SimulationResult of(
      String traceName, List<JobResult> completed, List<SlotStats> slots) {
    List<JobResult> jobs =
        completed.stream().sorted(java.util.Comparator.comparingInt(JobResult::id)).toList();
    double sum = 0;
    double makespan = 0;
    for (JobResult job : jobs) {
      sum += job.jct();
      makespan = Math.max(makespan, job.completionTime() + 1);
    }
    return new SimulationResult(traceName, jobs, sum / jobs.size(), makespan, List.copyOf(slots));
  }

  /** Mean per-slot reward. */
  public double meanReward() {
    return slots.stream().mapToDouble(SlotStats::reward).average().orElse(0);
  }
}
