package dl2.learning.policy;

/** The policy network's architecture. */
public enum PolicyNetwork {
  /** The paper's fully connected layers over the whole window (dl2-spec §7.6). */
  FULLY_CONNECTED,
  /**
   * Project: one set of weights shared by every window column ({@link
   * dl2.learning.nn.SharedColumns}).
   */
  SHARED_COLUMNS,
  /**
   * Project: per-job embeddings pooled into a window context, then a small head per column ({@link
   * dl2.learning.nn.PooledEmbeddings}); decisions run on an incremental fast path.
   */
  POOLED_EMBEDDINGS;

  /** Whether the network scores window columns (no affine norm, column layout in its spec). */
  public boolean overColumns() {
    return this != FULLY_CONNECTED;
  }
}
