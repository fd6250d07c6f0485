package dl2.learning.nn;

import java.util.List;

/**
 * Incremental double-precision logits of a {@link PooledEmbeddings} network, bit-identical to its
 * forward pass: the same row kernels in the same order, one column at a time. Columns are
 * re-embedded lazily, only when logits are asked for, so following a window costs nothing until
 * then. The fast path uses it to settle the near-ties that single precision cannot.
 * Allocation-free; not thread-safe.
 */
public final class PooledExact {
  private final int window;
  private final int features;
  private final int globals;
  private final int embedding;
  private final DenseRows[] embed;
  private final DenseRows job;
  private final DenseRows context;
  private final DenseRows out;
  private final DenseRows stopHidden;
  private final DenseRows stopOut;
  // per column, in window order
  private double[][] inputs; // [J][F]
  private double[][][] activations; // [J][layer pre, post, ...] of the embedding layers
  private double[][] headTerm; // A·e_c then the head's activations
  private final boolean[] present;
  private final boolean[] stale;
  // one-row views and scratch
  private final double[][] x = new double[1][];
  private final double[][] y = new double[1][];
  private final double[][] k;
  private final double[][] shared;
  private final double[][] stopPre;
  private final double[][] stopPost;
  private final double[][] stopValue = new double[1][1];
  private final double[][] head;
  private final double[][] headPost;
  private final double[][] logits = new double[1][3];

  public PooledExact(Mlp network) {
    if (!(network.layers().get(0) instanceof PooledEmbeddings pooled)) {
      throw new IllegalArgumentException("not a pooled-embeddings network: " + network.spec());
    }
    this.window = pooled.layout().window();
    this.features = pooled.featuresPerColumn();
    this.globals = pooled.layout().globalFeatures();
    List<Dense> layers = pooled.embed();
    this.embedding = layers.get(layers.size() - 1).outputSize();
    this.embed = new DenseRows[layers.size()];
    for (int l = 0; l < embed.length; l++) {
      embed[l] = frozen(new DenseRows(layers.get(l)));
    }
    this.job = frozen(new DenseRows(pooled.jobWeight(), null, embedding, embedding));
    this.context = frozen(new DenseRows(pooled.contextHead()));
    this.out = frozen(new DenseRows(pooled.outHead()));
    this.stopHidden = frozen(new DenseRows(pooled.stopHidden()));
    this.stopOut = frozen(new DenseRows(pooled.stopOut()));
    this.inputs = new double[window][features];
    this.activations = new double[window][2 * embed.length][];
    for (int c = 0; c < window; c++) {
      for (int l = 0; l < embed.length; l++) {
        activations[c][2 * l] = new double[layers.get(l).outputSize()];
        activations[c][2 * l + 1] = new double[layers.get(l).outputSize()];
      }
    }
    this.headTerm = new double[window][embedding];
    this.present = new boolean[window];
    this.stale = new boolean[window];
    this.k = new double[1][embedding + 1 + globals];
    this.shared = new double[1][embedding];
    this.stopPre = new double[1][embedding];
    this.stopPost = new double[1][embedding];
    this.head = new double[1][embedding];
    this.headPost = new double[1][embedding];
  }

  private static DenseRows frozen(DenseRows rows) {
    rows.loadWeights();
    return rows;
  }

  public void clear() {
    java.util.Arrays.fill(present, false);
  }

  /** Column {@code column} now holds {@code values[offset..offset+F)}; all zeros empty it. */
  public void setColumn(int column, double[] values, int offset) {
    boolean any = false;
    for (int f = 0; f < features; f++) {
      inputs[column][f] = values[offset + f];
      any |= values[offset + f] != 0;
    }
    present[column] = any;
    stale[column] = any;
  }

  /** Column {@code column}'s job left: later columns move one to the left and the last is empty. */
  public void removeColumn(int column) {
    int moved = window - 1 - column;
    double[] freedInput = inputs[column];
    double[][] freedActivations = activations[column];
    double[] freedHead = headTerm[column];
    System.arraycopy(inputs, column + 1, inputs, column, moved);
    System.arraycopy(activations, column + 1, activations, column, moved);
    System.arraycopy(headTerm, column + 1, headTerm, column, moved);
    System.arraycopy(present, column + 1, present, column, moved);
    System.arraycopy(stale, column + 1, stale, column, moved);
    inputs[window - 1] = freedInput;
    activations[window - 1] = freedActivations;
    headTerm[window - 1] = freedHead;
    present[window - 1] = false;
    stale[window - 1] = false;
  }

  public void setGlobals(double[] values, int offset) {
    System.arraycopy(values, offset, k[0], embedding + 1, globals);
  }

  /**
   * The 3J+1 logits of the current columns, exactly as {@link Mlp#forward(double[])} gives them.
   */
  public void logits(double[] result) {
    double[] context = k[0];
    java.util.Arrays.fill(context, 0, embedding, 0.0);
    int columns = 0;
    for (int c = 0; c < window; c++) {
      if (!present[c]) {
        continue;
      }
      if (stale[c]) {
        embed(c);
      }
      double[] e = activations[c][2 * embed.length - 1];
      for (int j = 0; j < embedding; j++) {
        context[j] += e[j];
      }
      columns++;
    }
    if (columns > 0) {
      for (int j = 0; j < embedding; j++) {
        context[j] /= columns;
      }
    }
    context[embedding] = columns / (double) window;
    this.context.forward(k, shared, 0, 1);
    stopHidden.forward(k, stopPre, 0, 1);
    Relus.forward(stopPre, stopPost, 1, embedding);
    stopOut.forward(stopPost, stopValue, 0, 1);
    java.util.Arrays.fill(result, 0.0);
    double[] u = shared[0];
    for (int c = 0; c < window; c++) {
      if (!present[c]) {
        continue;
      }
      double[] z = head[0];
      System.arraycopy(headTerm[c], 0, z, 0, embedding);
      for (int j = 0; j < embedding; j++) {
        z[j] += u[j];
      }
      Relus.forward(head, headPost, 1, embedding);
      out.forward(headPost, logits, 0, 1);
      System.arraycopy(logits[0], 0, result, 3 * c, 3);
    }
    result[3 * window] = stopValue[0][0];
  }

  /** The column's embedding and head term, through the same kernels as a batch row. */
  private void embed(int c) {
    double[] in = inputs[c];
    for (int l = 0; l < embed.length; l++) {
      x[0] = in;
      y[0] = activations[c][2 * l];
      embed[l].forward(x, y, 0, 1);
      x[0] = activations[c][2 * l];
      y[0] = activations[c][2 * l + 1];
      Relus.forward(x, y, 1, embed[l].outputSize());
      in = activations[c][2 * l + 1];
    }
    x[0] = in;
    y[0] = headTerm[c];
    job.forward(x, y, 0, 1);
    stale[c] = false;
  }
}
