package dl2.learning.nn;

/**
 * The non-empty columns of a batch of flat states, numbered as rows in (sample, column) order, so
 * that a column network can run each layer over all of them at once. Buffers grow to the largest
 * batch seen and are then reused.
 */
final class ColumnRows {
  private final ColumnLayout layout;
  private final int features;
  int samples;
  int rows;
  int[] firstRow = new int[1]; // sample b's rows are [firstRow[b], firstRow[b + 1])
  int[] column = new int[0]; // the window column of each row
  private int[] found = new int[0]; // per sample: how many non-empty columns
  private int[] scratch = new int[0]; // per sample: its non-empty columns, at sample · window

  ColumnRows(ColumnLayout layout, int features) {
    this.layout = layout;
    this.features = features;
  }

  /**
   * Finds the non-empty columns of {@code x[0..count)}; a column is empty when all its features are
   * 0. Samples are scanned in parallel pieces, then numbered in order.
   */
  void index(double[][] x, int count) {
    int window = layout.window();
    if (firstRow.length < count + 1) {
      firstRow = new int[count + 1];
      found = new int[count];
    }
    if (column.length < count * window) {
      column = new int[count * window];
      scratch = new int[count * window];
    }
    long work = (long) count * window * features;
    if (KernelThreads.splits(work)) {
      KernelThreads.split(
          count,
          1,
          work,
          (from, to) -> {
            for (int b = from; b < to; b++) {
              found[b] = nonEmpty(x[b], b * window);
            }
          });
    } else {
      for (int b = 0; b < count; b++) {
        found[b] = nonEmpty(x[b], b * window);
      }
    }
    int r = 0;
    for (int b = 0; b < count; b++) {
      firstRow[b] = r;
      System.arraycopy(scratch, b * window, column, r, found[b]);
      r += found[b];
    }
    firstRow[count] = r;
    samples = count;
    rows = r;
  }

  /**
   * Writes the non-empty columns of {@code state} into {@code scratch[at..)}, in order; returns how
   * many.
   */
  private int nonEmpty(double[] state, int at) {
    int window = layout.window();
    int n = 0;
    for (int c = 0; c < window; c++) {
      for (int f = 0; f < features; f++) {
        if (state[layout.index(c, f)] != 0) {
          scratch[at + n++] = c;
          break;
        }
      }
    }
    return n;
  }

  int columns(int sample) {
    return firstRow[sample + 1] - firstRow[sample];
  }

  /** Copies each row's column features into {@code out[r][offset..offset+F)}. */
  void gather(double[][] x, double[][] out, int offset) {
    long work = (long) rows * features;
    if (KernelThreads.splits(work)) {
      KernelThreads.split(samples, 1, work, (from, to) -> gather(x, out, offset, from, to));
    } else {
      gather(x, out, offset, 0, samples);
    }
  }

  private void gather(double[][] x, double[][] out, int offset, int fromSample, int toSample) {
    for (int b = fromSample; b < toSample; b++) {
      for (int r = firstRow[b]; r < firstRow[b + 1]; r++) {
        double[] o = out[r];
        for (int f = 0; f < features; f++) {
          o[offset + f] = x[b][layout.index(column[r], f)];
        }
      }
    }
  }

  /**
   * Writes each sample's outputs: the three logits of its non-empty columns, 0 elsewhere, stop
   * last.
   */
  void scatter(double[][] logits, double[][] stop, double[][] y) {
    int window = layout.window();
    for (int b = 0; b < samples; b++) {
      java.util.Arrays.fill(y[b], 0, 3 * window, 0);
      for (int r = firstRow[b]; r < firstRow[b + 1]; r++) {
        System.arraycopy(logits[r], 0, y[b], 3 * column[r], 3);
      }
      y[b][3 * window] = stop[b][0];
    }
  }

  /**
   * The reverse of {@link #scatter}: each row's logit gradients and each sample's stop gradient.
   */
  void gather(double[][] dy, double[][] dLogits, double[][] dStop) {
    int window = layout.window();
    for (int b = 0; b < samples; b++) {
      dStop[b][0] = dy[b][3 * window];
      for (int r = firstRow[b]; r < firstRow[b + 1]; r++) {
        System.arraycopy(dy[b], 3 * column[r], dLogits[r], 0, 3);
      }
    }
  }

  /** Runs rows [0, rows) through FC → ReLU layers; returns the last activations. */
  double[][] forward(DenseRows[] layers, double[][] input, double[][][] pre, double[][][] post) {
    double[][] in = input;
    for (int h = 0; h < layers.length; h++) {
      layers[h].forward(in, pre[h], post[h], 0, rows);
      in = post[h];
    }
    return in;
  }

  /**
   * Back through the FC → ReLU layers of {@link #forward}, given ∂L/∂(last activations) in dPost's
   * last buffer.
   */
  void backward(
      DenseRows[] layers,
      double[][] input,
      double[][][] pre,
      double[][][] post,
      double[][][] dPre,
      double[][][] dPost) {
    for (int h = layers.length - 1; h >= 0; h--) {
      Relus.backward(pre[h], dPost[h], dPre[h], rows, layers[h].outputSize());
      layers[h].backward(
          h == 0 ? input : post[h - 1], dPre[h], h == 0 ? null : dPost[h - 1], 0, rows);
    }
  }

  /** {@code buffer} if it has at least {@code n} rows of {@code width}, else a larger one. */
  static double[][] ensure(double[][] buffer, int n, int width) {
    if (buffer != null && buffer.length >= n) {
      return buffer; // a buffer keeps its width
    }
    return new double[Math.max(n, buffer == null ? 0 : 2 * buffer.length)][width];
  }
}
