package dl2.kubernetes.controller;

/**
 * What the controller loop tells its operator: each slot, each failure and the leadership, in plain
 * words.
 */
public interface LoopListener {
  void slot(SlotReport report);

  /**
   * A slot failed after every retry, e.g. {@code configmaps dl2-controller-state: connection
   * refused}; it is retried.
   */
  void slotFailed(String message);

  /** The Lease has a new holder. */
  default void leader(String identity) {}

  /** Anything else worth a log line: stopping, the Lease released, a lost Lease. */
  default void note(String message) {}
}
