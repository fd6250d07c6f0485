package dl2.learning.nn;

/**
 * A {@link Dense} layer run over many rows at once (the columns of every sample of a batch), with
 * exactly its one-sample arithmetic: every output and gradient element sees the same operations in
 * the same order, so results are bit-identical. The weights are mirrored as one array per input row
 * and per output column: HotSpot's C2 vectorises {@code y[j] += x·w[j]} over such arrays but not
 * over offsets into one flat array (the flat {@link Param} stays the master copy).
 *
 * <p>The backward pass takes rows four at a time. Where one of them has a zero input that the
 * one-row code skips, it adds an exact ±0 instead: gradient and output sums start from +0.0 or a
 * bias that is never -0.0 and so never become -0.0, and x + (±0) = x for every other x, so the
 * results are the same.
 *
 * <p>Row mirrors are refreshed by {@link #loadWeights()}: at every training pass, once for an
 * inference snapshot; the backward pass refreshes the column mirrors itself. Not thread-safe; each
 * batch workspace has its own.
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

  /** Copies the layer's current weights into the row mirrors, which the forward pass reads. */
  void loadWeights() {
    double[] w = weight.value();
    for (int i = 0; i < in; i++) {
      System.arraycopy(w, i * out, rows[i], 0, out);
    }
  }

  /** Copies the layer's current weights into the column mirrors, which the backward pass reads. */
  void loadTransposed() {
    double[] w = weight.value();
    for (int i = 0; i < in; i++) {
      for (int j = 0; j < out; j++) {
        columns[j][i] = w[i * out + j];
      }
    }
  }

  /**
   * y_r = x_r W + b for rows r in [from, to), as {@link Dense#forward}: input pairs, zero pairs
   * skipped. (Four rows at a time measured slower here: C2 does not vectorise the fused loop.)
   */
  void forward(double[][] x, double[][] y, int from, int to) {
    forward(x, y, null, from, to);
  }

  /**
   * As {@link #forward(double[][], double[][], int, int)}, also writing ReLU(y_r) into {@code relu}
   * unless it is null.
   */
  void forward(double[][] x, double[][] y, double[][] relu, int from, int to) {
    long work = (long) (to - from) * in * out;
    if (!KernelThreads.splits(work)) { // one-sample inference: no piece to build
      forwardRows(x, y, relu, from, to);
      return;
    }
    KernelThreads.split(to - from, 1, work, (a, b) -> forwardRows(x, y, relu, from + a, from + b));
  }

  private void forwardRows(double[][] x, double[][] y, double[][] relu, int from, int to) {
    forwardRows(x, y, from, to);
    if (relu != null) {
      Relus.forwardRows(y, relu, from, to, out);
    }
  }

  private void forwardRows(double[][] x, double[][] y, int from, int to) {
    for (int r = from; r < to; r++) {
      start(y[r]);
      double[] xr = x[r];
      int i = 0;
      for (; i + 1 < in; i += 2) {
        addPair(xr[i], xr[i + 1], rows[i], rows[i + 1], y[r]);
      }
      if (i < in) {
        addOne(xr[i], rows[i], y[r]);
      }
    }
  }

  private void start(double[] y) {
    if (bias == null) {
      java.util.Arrays.fill(y, 0, out, 0.0);
    } else {
      System.arraycopy(bias.value(), 0, y, 0, out);
    }
  }

  private void addPair(double a, double b, double[] w0, double[] w1, double[] y) {
    if (a == 0.0 && b == 0.0) {
      return;
    }
    for (int j = 0; j < out; j++) {
      y[j] += a * w0[j] + b * w1[j];
    }
  }

  private void addOne(double a, double[] w, double[] y) {
    if (a == 0.0) {
      return;
    }
    for (int j = 0; j < out; j++) {
      y[j] += a * w[j];
    }
  }

  /**
   * Adds the gradients of rows [from, to) to the layer's, in row order, and writes ∂L/∂x_r into
   * {@code dx} unless it is null, as {@link Dense#backward} does row by row. Rows go four at a
   * time; every element still receives its terms row by row, in order.
   */
  void backward(double[][] x, double[][] dy, double[][] dx, int from, int to) {
    if (dx != null) {
      loadTransposed();
    }
    long work = (long) (to - from) * in * out;
    if (bias != null) {
      double[] db = bias.grad();
      KernelThreads.split(
          out, 1, (long) (to - from) * out, (j0, j1) -> biasGradient(dy, db, from, to, j0, j1));
    }
    KernelThreads.split(in, 1, work, (i0, i1) -> weightGradient(x, dy, from, to, i0, i1));
    if (dx != null) {
      KernelThreads.split(to - from, 4, work, (a, b) -> inputGradient(dy, dx, from + a, from + b));
    }
  }

  /** db_j += dy_r,j for rows [from, to) and outputs [j0, j1), four rows per pass, in row order. */
  private static void biasGradient(double[][] dy, double[] db, int from, int to, int j0, int j1) {
    int r = from;
    for (; r + 3 < to; r += 4) {
      double[] d0 = dy[r];
      double[] d1 = dy[r + 1];
      double[] d2 = dy[r + 2];
      double[] d3 = dy[r + 3];
      for (int j = j0; j < j1; j++) {
        db[j] = db[j] + d0[j] + d1[j] + d2[j] + d3[j];
      }
    }
    for (; r < to; r++) {
      double[] dyr = dy[r];
      for (int j = j0; j < j1; j++) {
        db[j] += dyr[j];
      }
    }
  }

  /**
   * The gradient of weight rows [i0, i1) over rows [from, to): each element's terms in row order.
   */
  private void weightGradient(double[][] x, double[][] dy, int from, int to, int i0, int i1) {
    double[] flatGrad = weight.grad();
    for (int i = i0; i < i1; i++) {
      System.arraycopy(flatGrad, i * out, gradRows[i], 0, out);
    }
    int r = from;
    for (; r + 3 < to; r += 4) {
      double[] d0 = dy[r];
      double[] d1 = dy[r + 1];
      double[] d2 = dy[r + 2];
      double[] d3 = dy[r + 3];
      double[] x0 = x[r];
      double[] x1 = x[r + 1];
      double[] x2 = x[r + 2];
      double[] x3 = x[r + 3];
      for (int i = i0; i < i1; i++) {
        double[] g = gradRows[i];
        double a0 = x0[i];
        double a1 = x1[i];
        double a2 = x2[i];
        double a3 = x3[i];
        if (a0 == 0.0 && a1 == 0.0 && a2 == 0.0 && a3 == 0.0) {
          continue;
        }
        // a zero input adds an exact ±0 to a sum that is never -0.0: as if skipped, like the
        // one-row code
        for (int j = 0; j < out; j++) {
          g[j] = g[j] + a0 * d0[j] + a1 * d1[j] + a2 * d2[j] + a3 * d3[j];
        }
      }
    }
    for (; r < to; r++) {
      double[] xr = x[r];
      double[] dyr = dy[r];
      for (int i = i0; i < i1; i++) {
        addOne(xr[i], dyr, gradRows[i]);
      }
    }
    for (int i = i0; i < i1; i++) {
      System.arraycopy(gradRows[i], 0, flatGrad, i * out, out);
    }
  }

  /** ∂L/∂x_r = W·dy_r for rows [from, to), four rows per pass; each row's terms in output order. */
  private void inputGradient(double[][] dy, double[][] dx, int from, int to) {
    int r = from;
    for (; r + 3 < to; r += 4) {
      double[] d0 = dy[r];
      double[] d1 = dy[r + 1];
      double[] d2 = dy[r + 2];
      double[] d3 = dy[r + 3];
      double[] e0 = dx[r];
      double[] e1 = dx[r + 1];
      double[] e2 = dx[r + 2];
      double[] e3 = dx[r + 3];
      java.util.Arrays.fill(e0, 0, in, 0.0);
      java.util.Arrays.fill(e1, 0, in, 0.0);
      java.util.Arrays.fill(e2, 0, in, 0.0);
      java.util.Arrays.fill(e3, 0, in, 0.0);
      for (int j = 0; j < out; j++) {
        double[] wj = columns[j];
        double c0 = d0[j];
        double c1 = d1[j];
        double c2 = d2[j];
        double c3 = d3[j];
        for (int i = 0; i < in; i++) {
          double w = wj[i];
          e0[i] += w * c0;
          e1[i] += w * c1;
          e2[i] += w * c2;
          e3[i] += w * c3;
        }
      }
    }
    for (; r < to; r++) {
      double[] dyr = dy[r];
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
}
