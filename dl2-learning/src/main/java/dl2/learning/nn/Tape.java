package dl2.learning.nn;

/**
 * The activations of a batch forward pass, kept for the backward pass. Reusable: a later {@link
 * Mlp#forward(double[][], int, Tape)} overwrites it, growing it if the batch is larger.
 */
public final class Tape {
  final int[] sizes;
  double[][][] act; // [layer boundary][sample][unit]; boundary 0 is a copy of the input
  private double[][][] grad; // ∂L/∂act of a fully connected network's backward pass, same shapes
  int count;
  ColumnNetwork.Workspace workspace; // a column network's activations, kept for backward

  Tape(int[] sizes) {
    this.sizes = sizes.clone();
    this.act = new double[sizes.length][0][];
  }

  void ensureCapacity(int samples) {
    if (act[0].length >= samples) {
      return;
    }
    for (int l = 0; l < sizes.length; l++) {
      act[l] = new double[samples][sizes[l]];
    }
    grad = null;
  }

  /** The gradient buffer of layer boundary {@code l}, as large as the activations. */
  double[][] gradients(int l) {
    if (grad == null) {
      grad = new double[sizes.length][][];
    }
    if (grad[l] == null) {
      grad[l] = new double[act[l].length][sizes[l]];
    }
    return grad[l];
  }

  /** Number of samples of the last forward pass. */
  public int count() {
    return count;
  }

  /** The network's output for sample {@code b} (live; do not modify). */
  public double[] output(int b) {
    return act[sizes.length - 1][b];
  }

  /** The outputs of all samples, {@code [count][outputSize]}, as fresh arrays. */
  public double[][] outputs() {
    double[][] out = new double[count][];
    for (int b = 0; b < count; b++) {
      out[b] = output(b).clone();
    }
    return out;
  }
}
