package dl2.learning.nn;

/**
 * A policy network over window columns that runs whole batches at once and keeps the batch's
 * activations in a workspace between the forward and the backward pass. It is the only layer of
 * its {@link Mlp} and has no input gradient.
 */
sealed interface ColumnNetwork extends Layer permits SharedColumns, PooledEmbeddings {
  /**
   * A workspace for batch passes. A training workspace re-reads the weights at every pass; a
   * {@code frozen} one reads them once, now (inference snapshots of weights that never change).
   */
  Workspace newWorkspace(boolean frozen);

  /** Outputs for {@code x[0..count)} into {@code y}, keeping the activations in {@code workspace}. */
  void forward(double[][] x, int count, double[][] y, Workspace workspace);

  /** Adds the parameter gradients of the batch last run forward in {@code workspace}, given ∂L/∂y. */
  void backward(double[][] dy, Workspace workspace);

  /** A column network's batch buffers. */
  interface Workspace {}
}
