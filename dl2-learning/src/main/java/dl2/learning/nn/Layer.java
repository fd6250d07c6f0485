package dl2.learning.nn;

import java.util.List;

/**
 * One differentiable step of an {@link Mlp}, working on one sample at a time. Implementations keep
 * no per-sample state: the caller supplies the input and output buffers on the way back, so a batch
 * is just a loop over samples in a fixed order.
 */
public sealed interface Layer permits Dense, Relu, AffineNorm, ColumnNetwork {
  int inputSize();

  int outputSize();

  /** Writes the output for input {@code x} into {@code y}; allocation-free. */
  void forward(double[] x, double[] y);

  /**
   * Given the forward pair (x, y) and ∂L/∂y, adds this sample's parameter gradients to {@link
   * Param#grad()} and writes ∂L/∂x into {@code dx}, unless {@code dx} is null (first layer).
   */
  void backward(double[] x, double[] y, double[] dy, double[] dx);

  /** The trainable tensors in a fixed order (empty for parameter-free layers). */
  List<Param> params();
}
