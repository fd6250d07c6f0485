package dl2.learning.nn;

/**
 * Single-precision, incremental, allocation-free inference for a {@link PooledEmbeddings} network:
 * the fast path of every decision. Each column's embedding e_c and its head term A·e_c are cached
 * until that column changes ({@link #setColumn}, {@link #removeColumn}); a decision then costs the
 * pooled context (a sum over the cached embeddings), one context product (B and S₁ fused) and the
 * per-column head, vectorised across columns. Outputs depend only on the current columns, never on
 * the order of updates that led to them, and agree with the double-precision network to
 * single-precision rounding. Not thread-safe; make one per scheduler.
 */
public final class PooledInference {
  private final int window;
  private final int
      lanes; // the window rounded up to whole 512-bit vectors: no scalar tail in the head loop
  private final int features;
  private final int globals;
  private final int embedding;
  private final float[][][] embedRows; // φ layer l: [in][out]
  private final float[][] embedBias;
  private final float[][] jobRows; // A: [E][E]
  private final float[][] contextRows; // [B | S₁]: [E + 1 + G][2E]
  private final float[] contextBias; // [a | s₁]
  private final float[][] outRows; // C: [E][3]
  private final float[] outBias;
  private final float[] stopWeight; // S₂
  private final float stopBias;
  // per-column cache, in window order
  private float[][] columnEmbedding; // [J][E]
  private final float[][] jobTermByUnit; // (A·e_c)_h at [h][c]: the head runs across columns
  private final boolean[] present;
  private int columns;
  // scratch
  private final float[] input;
  private final float[][] layerOut;
  private final float[] jobTerm;
  private final float[] context;
  private final float[] contextOut;
  private final float[][] logitsByTask; // [3][J]
  private float margin;
  private float stopLogit;

  public PooledInference(Mlp network) {
    if (!(network.layers().get(0) instanceof PooledEmbeddings pooled)) {
      throw new IllegalArgumentException("not a pooled-embeddings network: " + network.spec());
    }
    ColumnLayout layout = pooled.layout();
    this.window = layout.window();
    this.lanes = (window + 15) / 16 * 16;
    this.features = pooled.featuresPerColumn();
    this.globals = layout.globalFeatures();
    PooledWeights weights = PooledWeights.of(pooled);
    this.embedding = weights.embedding();
    this.embedRows = weights.embedRows();
    this.embedBias = weights.embedBias();
    this.layerOut = new float[embedRows.length][];
    for (int l = 0; l < embedRows.length; l++) {
      layerOut[l] = new float[embedBias[l].length];
    }
    this.jobRows = weights.jobRows();
    int contextSize = embedding + 1 + globals;
    this.contextRows = weights.contextRows();
    this.contextBias = weights.contextBias();
    this.outRows = weights.outRows();
    this.outBias = weights.outBias();
    this.stopWeight = weights.stopWeight();
    this.stopBias = weights.stopBias();
    this.columnEmbedding = new float[window][embedding];
    this.jobTermByUnit = new float[embedding][lanes];
    this.present = new boolean[window];
    this.input = new float[features];
    this.jobTerm = new float[embedding];
    this.context = new float[contextSize];
    this.contextOut = new float[2 * embedding];
    this.logitsByTask = new float[3][lanes];
  }

  public int window() {
    return window;
  }

  /** F, the features of one column. */
  public int featuresPerColumn() {
    return features;
  }

  /** G, the global features. */
  public int globalFeatures() {
    return globals;
  }

  /** Empties every column. */
  public void clear() {
    java.util.Arrays.fill(present, false);
    columns = 0;
  }

  /**
   * Column {@code column} now holds these F features ({@code features[offset..offset+F)}); all
   * zeros empty it. Recomputes its embedding and head term.
   */
  public void setColumn(int column, double[] features, int offset) {
    boolean any = false;
    for (int f = 0; f < this.features; f++) {
      input[f] = (float) features[offset + f];
      any |= input[f] != 0f;
    }
    if (present[column]) {
      columns--;
    }
    present[column] = any;
    if (!any) {
      return;
    }
    columns++;
    float[] x = input;
    for (int l = 0; l < embedRows.length; l++) {
      float[] y = layerOut[l];
      System.arraycopy(embedBias[l], 0, y, 0, y.length);
      FloatRows.accumulate(embedRows[l], x, y);
      for (int j = 0; j < y.length; j++) {
        y[j] = Math.max(y[j], 0f);
      }
      x = y;
    }
    System.arraycopy(x, 0, columnEmbedding[column], 0, embedding);
    java.util.Arrays.fill(jobTerm, 0f);
    FloatRows.accumulate(jobRows, x, jobTerm);
    for (int h = 0; h < embedding; h++) {
      jobTermByUnit[h][column] = jobTerm[h];
    }
  }

  /** Column {@code column}'s job left: later columns move one to the left and the last is empty. */
  public void removeColumn(int column) {
    if (present[column]) {
      columns--;
    }
    float[] freed = columnEmbedding[column];
    int moved = window - 1 - column;
    System.arraycopy(columnEmbedding, column + 1, columnEmbedding, column, moved);
    columnEmbedding[window - 1] = freed;
    System.arraycopy(present, column + 1, present, column, moved);
    present[window - 1] = false;
    for (int h = 0; h < embedding; h++) {
      System.arraycopy(jobTermByUnit[h], column + 1, jobTermByUnit[h], column, moved);
    }
  }

  /** The G global features, {@code values[offset..offset+G)}. */
  public void setGlobals(double[] values, int offset) {
    for (int g = 0; g < globals; g++) {
      context[embedding + 1 + g] = (float) values[offset + g];
    }
  }

  /** The 3J+1 logits of the current columns into {@code out} (0 for empty columns). */
  public void logits(double[] out) {
    float stop = run();
    java.util.Arrays.fill(out, 0.0);
    for (int c = 0; c < window; c++) {
      if (present[c]) {
        for (int k = 0; k < 3; k++) {
          out[3 * c + k] = logitsByTask[k][c];
        }
      }
    }
    out[3 * window] = stop;
  }

  /**
   * The unmasked action with the largest logit, ties to the lowest index: greedy decoding without
   * the softmax. {@link #margin()} then tells how far ahead of the runner-up it is.
   */
  public int argmax(boolean[] mask) {
    float stop = run();
    int best = -1;
    float bestLogit = Float.NEGATIVE_INFINITY;
    float second = Float.NEGATIVE_INFINITY;
    for (int c = 0; c < window; c++) {
      if (!present[c]) {
        continue;
      }
      for (int k = 0; k < 3; k++) {
        float logit = logitsByTask[k][c];
        if (!mask[3 * c + k]) {
          continue;
        }
        if (best < 0 || logit > bestLogit) {
          second = bestLogit;
          best = 3 * c + k;
          bestLogit = logit;
        } else if (logit > second) {
          second = logit;
        }
      }
    }
    if (mask[3 * window]) {
      if (best < 0 || stop > bestLogit) {
        second = bestLogit;
        best = 3 * window;
        bestLogit = stop;
      } else if (stop > second) {
        second = stop;
      }
    }
    margin = bestLogit - second;
    return best;
  }

  /**
   * The last {@link #argmax}'s lead over the second-best unmasked logit (infinite if it was alone).
   */
  public float margin() {
    return margin;
  }

  /** The logit of {@code action} as computed by the last {@link #argmax} or {@link #logits}. */
  public float logit(int action) {
    return action == 3 * window ? stopLogit : logitsByTask[action % 3][action / 3];
  }

  /** Context, head and stop for the current columns; returns the stop logit. */
  private float run() {
    stopLogit = score();
    return stopLogit;
  }

  private float score() {
    java.util.Arrays.fill(context, 0, embedding, 0f);
    for (int c = 0; c < window; c++) {
      if (present[c]) {
        float[] e = columnEmbedding[c];
        for (int j = 0; j < embedding; j++) {
          context[j] += e[j];
        }
      }
    }
    if (columns > 0) {
      float scale = 1f / columns;
      for (int j = 0; j < embedding; j++) {
        context[j] *= scale;
      }
    }
    context[embedding] = columns / (float) window;
    System.arraycopy(contextBias, 0, contextOut, 0, contextOut.length);
    FloatRows.accumulate(contextRows, context, contextOut);
    float stop = stopBias;
    for (int h = 0; h < embedding; h++) {
      float s = contextOut[embedding + h];
      if (s > 0f) {
        stop += s * stopWeight[h];
      }
    }
    for (int k = 0; k < 3; k++) {
      java.util.Arrays.fill(logitsByTask[k], outBias[k]);
    }
    float[] l0 = logitsByTask[0];
    float[] l1 = logitsByTask[1];
    float[] l2 = logitsByTask[2];
    int used = usedLanes();
    // one pass per hidden unit over all columns: C2 vectorises it across the columns, and each
    // unit's activation feeds the three logits while it is in a register
    for (int h = 0; h < embedding; h++) {
      float shared = contextOut[h];
      float[] term = jobTermByUnit[h];
      float c0 = outRows[h][0];
      float c1 = outRows[h][1];
      float c2 = outRows[h][2];
      for (int c = 0; c < used; c++) {
        float u = Math.max(term[c] + shared, 0f);
        l0[c] += u * c0;
        l1[c] += u * c1;
        l2[c] += u * c2;
      }
    }
    return stop;
  }

  /**
   * The head's columns: up to the last present one, rounded up to whole vectors. Windows are seldom
   * full (a paper-large slot averages 25 of 40 columns), and a column's logits depend only on its
   * own term, so the empty tail is skipped without changing any present column's logits.
   */
  private int usedLanes() {
    int last = window - 1;
    while (last >= 0 && !present[last]) {
      last--;
    }
    return (last + 16) / 16 * 16;
  }
}
