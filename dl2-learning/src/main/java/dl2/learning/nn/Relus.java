package dl2.learning.nn;

/**
 * ReLU over rows of a batch, with {@link Relu}'s arithmetic (the gradient at exactly 0 is 0). Large
 * batches split their rows over {@link KernelThreads}; each element is the same either way.
 */
final class Relus {
  private Relus() {}

  static void forward(double[][] x, double[][] y, int rows, int width) {
    long work = (long) rows * width;
    if (KernelThreads.splits(work)) {
      KernelThreads.split(rows, 1, work, (from, to) -> forwardRows(x, y, from, to, width));
    } else {
      forwardRows(x, y, 0, rows, width);
    }
  }

  static void forwardRows(double[][] x, double[][] y, int from, int to, int width) {
    for (int r = from; r < to; r++) {
      double[] xr = x[r];
      double[] yr = y[r];
      for (int j = 0; j < width; j++) {
        yr[j] = xr[j] > 0.0 ? xr[j] : 0.0;
      }
    }
  }

  /** dx = dy where the forward input x was positive, else 0. */
  static void backward(double[][] x, double[][] dy, double[][] dx, int rows, int width) {
    long work = (long) rows * width;
    if (KernelThreads.splits(work)) {
      KernelThreads.split(rows, 1, work, (from, to) -> backwardRows(x, dy, dx, from, to, width));
    } else {
      backwardRows(x, dy, dx, 0, rows, width);
    }
  }

  private static void backwardRows(
      double[][] x, double[][] dy, double[][] dx, int from, int to, int width) {
    for (int r = from; r < to; r++) {
      double[] xr = x[r];
      double[] dyr = dy[r];
      double[] dxr = dx[r];
      for (int j = 0; j < width; j++) {
        dxr[j] = xr[j] > 0.0 ? dyr[j] : 0.0;
      }
    }
  }
}
