package dl2.slot;

import dl2.model.Task;

/**
 * The choice among a job's own nodes of Optimus' placement (Peng et al., EuroSys'18 §5.3; {@code
 * fewest-nodes}): the node where one more task gains most local worker–PS pairs, then the one
 * holding most of the job's tasks, then the first offered. Offer the nodes in ascending index; one
 * rule for every place that applies it.
 */
public final class LocalPairs {
  private int node = Placement.NOWHERE;
  private long bestPairs = -1;
  private int bestTasks = -1;

  /**
   * Offers {@code node}, where the job holds {@code workers} workers and {@code ps} PSs and {@code
   * task} fits.
   */
  public void offer(int node, Task task, int workers, int ps) {
    long pairs =
        (long) task.workers() * (ps + task.parameterServers())
            + (long) task.parameterServers() * workers;
    if (pairs > bestPairs || (pairs == bestPairs && workers + ps > bestTasks)) {
      this.node = node;
      bestPairs = pairs;
      bestTasks = workers + ps;
    }
  }

  /** The best node offered, or {@link Placement#NOWHERE}. */
  public int node() {
    return node;
  }
}
