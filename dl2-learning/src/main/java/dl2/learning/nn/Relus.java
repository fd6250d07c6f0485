package dl2.learning.nn;

/** ReLU over rows of a batch, with {@link Relu}'s arithmetic (the gradient at exactly 0 is 0). */
final class Relus {
  private Relus() {}

  static void forward(double[][] x, double[][] y, int rows, int width) {
    for (int r = 0; r < rows; r++) {
      double[] xr = x[r];
      double[] yr = y[r];
      for (int j = 0; j < width; j++) {
        yr[j] = xr[j] > 0.0 ? xr[j] : 0.0;
      }
    }
  }

  /** dx = dy where the forward input x was positive, else 0. */
  static void backward(double[][] x, double[][] dy, double[][] dx, int rows, int width) {
    for (int r = 0; r < rows; r++) {
      double[] xr = x[r];
      double[] dyr = dy[r];
      double[] dxr = dx[r];
      for (int j = 0; j < width; j++) {
        dxr[j] = xr[j] > 0.0 ? dyr[j] : 0.0;
      }
    }
  }
}
