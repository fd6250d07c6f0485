package dl2.schedulers.placed;

import dl2.model.Task;

/** A candidate task and its value. */
record TaskCandidate(double value, Task task, int node) {
  /**
   * Value descending, then node ascending, then a PS before a worker (optimus-remaining's tie),
   * then a bundle.
   */
  boolean before(TaskCandidate other) {
    if (other == null || value > other.value) {
      return true;
    }
    if (value < other.value) {
      return false;
    }
    return node != other.node ? node < other.node : rank(task) < rank(other.task);
  }

  /** Among equal values on one node: a PS, then a worker, then both. */
  private static int rank(Task task) {
    return task == Task.PS ? 0 : task == Task.WORKER ? 1 : 2;
  }
}
