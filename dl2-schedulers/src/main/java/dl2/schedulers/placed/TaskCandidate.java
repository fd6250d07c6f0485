package dl2.schedulers.placed;

/** A candidate step and its value. */
record TaskCandidate(double value, TaskStep step, int node) {
  /**
   * Value descending, then node ascending, then a PS before a worker (optimus-remaining's tie),
   * then a bundle, then larger steps ({@link TaskStep#rank}).
   */
  boolean before(TaskCandidate other) {
    if (other == null || value > other.value) {
      return true;
    }
    if (value < other.value) {
      return false;
    }
    return node != other.node ? node < other.node : step.rank() < other.step.rank();
  }
}
