package dl2.learning.nn;

/**
 * A {@link Dense} layer run over many rows at once (the columns of every sample of a batch), with
 * exactly its one-sample arithmetic: every output and gradient element sees the same operations in
 * the same order, so results are bit-identical. The weights are mirrored as one array per input
 * row and per output column: HotSpot's C2 vectorises {@code y[j] += x·w[j]} over such arrays but
 * not over offsets into one flat array (the flat {@link Param} stays the master copy).
 *
 * <p>Mirrors are refreshed by {@link #loadWeights()}: at every training pass, once for an
 * inference snapshot. Not thread-safe; each batch workspace has its own.
 */
final class DenseRows {
  private final Param weight;
  private final Param bias; // null: no bias
  private final int in;
  private final int out;
  private final double[][] rows; // W[i][·]
  private final double[][] columns; // W[·][j]: input gradients as vectorised row updates
  private final double[][] gradRows;

  DenseRows(Dense dense) {
    this(dense.params().get(0), dense.params().get(1), dense.inputSize(), dense.outputSize());
  }

  /** Rows through an {@code in × out} weight stored input-major, with or without a bias. */
  DenseRows(Param weight, Param bias, int in, int out) {
    this.weight = weight;
    this.bias = bias;
    this.in = in;
    this.out = out;
    this.rows = new double[in][out];
    this.columns = new double[out][in];
    this.gradRows = new double[in][out];
  }

  int outputSize() {
    return out;
  }

  /** Copies the layer's current weights into the mirrors. */
  void loadWeights() {
    double[] w = weight.value();
    for (int i = 0; i < in; i++) {
      System.arraycopy(w, i * out, rows[i], 0, out);
      for (int j = 0; j < out; j++) {
        columns[j][i] = w[i * out + j];
      }
    }
  }

  /** y_r = x_r W + b for rows r in [from, to), as {@link Dense#forward}: input pairs, zero pairs skipped. */
  void forward(double[][] x, double[][] y, int from, int to) {
    double[] b = bias == null ? null : bias.value();
    for (int r = from; r < to; r++) {
      double[] xr = x[r];
      double[] yr = y[r];
      if (b == null) {
        java.util.Arrays.fill(yr, 0, out, 0.0);
      } else {
        System.arraycopy(b, 0, yr, 0, out);
      }
      int i = 0;
      for (; i + 1 < in; i += 2) {
        double xi = xr[i];
        double xk = xr[i + 1];
        if (xi == 0.0 && xk == 0.0) {
          continue;
        }
        double[] w0 = rows[i];
        double[] w1 = rows[i + 1];
        for (int j = 0; j < out; j++) {
          yr[j] += xi * w0[j] + xk * w1[j];
        }
      }
      if (i < in && xr[i] != 0.0) {
        double xi = xr[i];
        double[] w0 = rows[i];
        for (int j = 0; j < out; j++) {
          yr[j] += xi * w0[j];
        }
      }
    }
  }

  /**
   * Adds the gradients of rows [from, to) to the layer's, in row order, and writes ∂L/∂x_r into
   * {@code dx} unless it is null, as {@link Dense#backward} does row by row.
   */
  void backward(double[][] x, double[][] dy, double[][] dx, int from, int to) {
    double[] flatGrad = weight.grad();
    double[] db = bias == null ? null : bias.grad();
    for (int i = 0; i < in; i++) {
      System.arraycopy(flatGrad, i * out, gradRows[i], 0, out);
    }
    for (int r = from; r < to; r++) {
      double[] xr = x[r];
      double[] dyr = dy[r];
      for (int j = 0; db != null && j < out; j++) {
        db[j] += dyr[j];
      }
      for (int i = 0; i < in; i++) {
        double xi = xr[i];
        if (xi != 0.0) {
          double[] g = gradRows[i];
          for (int j = 0; j < out; j++) {
            g[j] += xi * dyr[j];
          }
        }
      }
      if (dx != null) {
        double[] dxr = dx[r];
        java.util.Arrays.fill(dxr, 0, in, 0.0);
        for (int j = 0; j < out; j++) {
          double d = dyr[j];
          double[] wj = columns[j];
          for (int i = 0; i < in; i++) {
            dxr[i] += wj[i] * d;
          }
        }
      }
    }
    for (int i = 0; i < in; i++) {
      System.arraycopy(gradRows[i], 0, flatGrad, i * out, out);
    }
  }
}
