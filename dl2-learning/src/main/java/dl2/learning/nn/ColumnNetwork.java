package dl2.learning.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * A policy network over window columns that runs whole batches at once and keeps the batch's
 * activations in a workspace between the forward and the backward pass. It is the only layer of its
 * {@link Mlp} and has no input gradient; its one-sample passes go through a batch of one.
 */
abstract sealed class ColumnNetwork implements Layer permits SharedColumns, PooledEmbeddings {
  private final int inputSize;
  private final int window;
  private final List<Param> params = new ArrayList<>();
  private final SingleSample single = new SingleSample(this);

  ColumnNetwork(int inputSize, int window) {
    this.inputSize = inputSize;
    this.window = window;
  }

  /** Appends trainable tensors in checkpoint order. */
  final void addParams(List<Param> more) {
    params.addAll(more);
  }

  @Override
  public final int inputSize() {
    return inputSize;
  }

  @Override
  public final int outputSize() {
    return 3 * window + 1;
  }

  @Override
  public final void forward(double[] x, double[] y) {
    single.forward(x, y);
  }

  @Override
  public final void backward(double[] x, double[] y, double[] dy, double[] dx) {
    if (dx != null) {
      throw new UnsupportedOperationException(
          "a column network is the first layer: no input gradient");
    }
    single.backward(x, dy);
  }

  @Override
  public final List<Param> params() {
    return params;
  }

  /**
   * A workspace for batch passes. A training workspace re-reads the weights at every pass; a {@code
   * frozen} one reads them once, now (inference snapshots of weights that never change).
   */
  abstract Workspace newWorkspace(boolean frozen);

  /**
   * Outputs for {@code x[0..count)} into {@code y}, keeping the activations in {@code workspace}.
   */
  abstract void forward(double[][] x, int count, double[][] y, Workspace workspace);

  /**
   * Adds the parameter gradients of the batch last run forward in {@code workspace}, given ∂L/∂y.
   */
  abstract void backward(double[][] dy, Workspace workspace);

  /** A column network's batch buffers. */
  interface Workspace {}
}
