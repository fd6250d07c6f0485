package dl2.learning.nn;

/** Which layers an {@link Mlp} is built from; stored in checkpoints (docs/checkpoint-format.md). */
public enum NetworkKind {
  /**
   * Hidden FC → ReLU → optional affine norm layers over the whole input, then a linear head
   * (dl2-spec §7.6).
   */
  FULLY_CONNECTED,
  /** {@link SharedColumns}: each column scored from its features and the window's mean features. */
  SHARED_COLUMNS,
  /** {@link PooledEmbeddings}: per-column embeddings, a pooled context, a small per-column head. */
  POOLED_EMBEDDINGS
}
