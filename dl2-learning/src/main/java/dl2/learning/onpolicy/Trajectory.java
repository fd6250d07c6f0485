package dl2.learning.onpolicy;

import java.util.List;

/**
 * One sampled run of a trace (what on-policy methods call a rollout, in the model-free sense, not
 * the rollout planner of {@code dl2.schedulers}): its decisions slot by slot, and each slot's
 * reward, the negative number of jobs outstanding during it (so that the rewards sum to minus the
 * jobs' total time in the system). A run cut at the curriculum's horizon has fewer slots than the
 * trace needs.
 */
record Trajectory(List<List<Sample>> slots, double[] rewards) {
  int samples() {
    return slots.stream().mapToInt(List::size).sum();
  }

  /** The total reward: minus the jobs' total slots in the system within the horizon. */
  double total() {
    double sum = 0;
    for (double r : rewards) {
      sum += r;
    }
    return sum;
  }
}
