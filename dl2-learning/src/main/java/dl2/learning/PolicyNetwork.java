package dl2.learning;

/** The policy network's architecture. */
public enum PolicyNetwork {
  /** The paper's fully connected layers over the whole window (dl2-spec §7.6). */
  FULLY_CONNECTED,
  /** Project: one set of weights shared by every window column ({@link dl2.learning.nn.SharedColumns}). */
  SHARED_COLUMNS
}
