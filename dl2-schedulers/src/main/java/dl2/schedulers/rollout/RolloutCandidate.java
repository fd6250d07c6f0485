package dl2.schedulers.rollout;

import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.OptimusRemaining.Rank;

/**
 * One allocation {@link RolloutPlanner} may play this slot, as a variant of optimus-remaining's
 * greedy: tasks valued by {@code rank}; the model job {@code limited} gets at most {@code
 * taskLimit} tasks (0: it is held back this slot; −1: no job is limited); the model job {@code
 * boosted} is served first, task by task while its value is positive (−1: none), then the greedy
 * runs on for every job. The base heuristic is the shipped rank with neither.
 */
record RolloutCandidate(Rank rank, int limited, int taskLimit, int boosted) {
  static final RolloutCandidate BASE = new RolloutCandidate(OptimusRemaining.SHIPPED, -1, 0, -1);

  /**
   * {@code job} gets at most {@code tasks} tasks: 0 holds it back, one fewer than the base moves
   * its last task on.
   */
  static RolloutCandidate limiting(int job, int tasks) {
    return new RolloutCandidate(OptimusRemaining.SHIPPED, job, tasks, -1);
  }

  static RolloutCandidate boosting(int job) {
    return new RolloutCandidate(OptimusRemaining.SHIPPED, -1, 0, job);
  }

  static RolloutCandidate ranked(Rank rank) {
    return new RolloutCandidate(rank, -1, 0, -1);
  }
}
