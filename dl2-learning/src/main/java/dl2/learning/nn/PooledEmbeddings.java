package dl2.learning.nn;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * A permutation-equivariant policy network over window columns (Project). Each non-empty column c
 * gets an embedding e_c = φ(x_c) of its own features only (FC → ReLU per hidden width, E = the last
 * width); the window's context is k = [mean of the e_c, n/J, g] with n the non-empty columns and g
 * the G global features after the columns; each column's logits (worker, PS, bundle) are C·z_c + c
 * with z_c = ReLU(A·e_c + B·k + a), and stop is s₂ + S₂·ReLU(S₁·k + s₁). Empty columns output 0;
 * their actions are masked anyway.
 *
 * <p>Why: a column's embedding depends on that column alone, so inference keeps it until the
 * column's job changes ({@link PooledInference}); only the context and the cheap head are redone
 * per decision. Batches run every column of every sample through each layer at once and keep the
 * activations for the backward pass.
 */
public final class PooledEmbeddings extends ColumnNetwork {
  private final ColumnLayout layout;
  private final int window;
  private final int features;
  private final int globals;
  private final int embedding;
  private final int context;
  private final List<Dense> embed = new ArrayList<>();
  private final Param jobWeight; // A: E × E, no bias
  private final Dense contextHead; // B and a
  private final Dense outHead; // C and c
  private final Dense stopHidden; // S₁ and s₁
  private final Dense stopOut; // S₂ and s₂

  public PooledEmbeddings(ColumnLayout layout, int inputSize, List<Integer> hiddenWidths, Rng rng) {
    super(inputSize, layout.window());
    if (hiddenWidths.isEmpty()) {
      throw new IllegalArgumentException("pooled embeddings need at least one hidden layer");
    }
    this.layout = layout;
    this.window = layout.window();
    this.features = layout.featuresPerColumn(inputSize);
    this.globals = layout.globalFeatures();
    int previous = features;
    for (int h = 0; h < hiddenWidths.size(); h++) {
      embed.add(new Dense("embed" + h + ".fc", previous, hiddenWidths.get(h), rng));
      previous = hiddenWidths.get(h);
    }
    this.embedding = previous;
    this.context = embedding + 1 + globals;
    this.jobWeight = new Param("head.job.weight", embedding * embedding);
    double[] a = jobWeight.value();
    for (int k = 0; rng != null && k < a.length; k++) {
      a[k] = Init.truncatedNormal(rng, Dense.INIT_SIGMA);
    }
    this.contextHead = new Dense("head.context", context, embedding, rng);
    this.outHead = new Dense("head.out", embedding, 3, rng);
    this.stopHidden = new Dense("stop.fc", context, embedding, rng);
    this.stopOut = new Dense("stop.out", embedding, 1, rng);
    embed.forEach(d -> addParams(d.params()));
    addParams(List.of(jobWeight));
    addParams(contextHead.params());
    addParams(outHead.params());
    addParams(stopHidden.params());
    addParams(stopOut.params());
  }

  public ColumnLayout layout() {
    return layout;
  }

  /** F, the features of one column. */
  public int featuresPerColumn() {
    return features;
  }

  /** The embedding layers φ, first to last. */
  int embedding() {
    return embedding;
  }

  int contextSize() {
    return context;
  }

  List<Dense> embed() {
    return embed;
  }

  Param jobWeight() {
    return jobWeight;
  }

  Dense contextHead() {
    return contextHead;
  }

  Dense outHead() {
    return outHead;
  }

  Dense stopHidden() {
    return stopHidden;
  }

  Dense stopOut() {
    return stopOut;
  }

  @Override
  Workspace newWorkspace(boolean frozen) {
    return new PooledBatch(this, frozen);
  }

  @Override
  void forward(double[][] x, int count, double[][] y, Workspace workspace) {
    PooledBatch w = (PooledBatch) workspace;
    w.prepare(x, count);
    ColumnRows rows = w.rows;
    int n = rows.rows;
    rows.gather(x, w.input, 0);
    double[][] e = rows.forward(w.embed, w.input, w.pre, w.post);
    long work = (long) n * embedding;
    boolean split = KernelThreads.splits(work); // one-sample inference builds no pieces
    if (split) {
      KernelThreads.split(count, 1, work, (from, to) -> pool(x, e, w, from, to));
    } else {
      pool(x, e, w, 0, count);
    }
    w.contextRows.forward(w.context, w.shared, 0, count);
    w.stopHiddenRows.forward(w.context, w.stopPre, w.stopPost, 0, count);
    w.stopOutRows.forward(w.stopPost, w.stopValue, 0, count);
    w.job.forward(e, w.headPre, 0, n);
    if (split) {
      KernelThreads.split(count, 1, work, (from, to) -> addContext(w, from, to));
    } else {
      addContext(w, 0, count);
    }
    w.out.forward(w.headPost, w.logits, 0, n);
    rows.scatter(w.logits, w.stopValue, y);
  }

  /**
   * The head's hidden layer of samples [from, to): ReLU(A·e_c + B·k + a), A·e_c already in headPre.
   */
  private void addContext(PooledBatch w, int from, int to) {
    ColumnRows rows = w.rows;
    for (int b = from; b < to; b++) {
      double[] u = w.shared[b];
      for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
        double[] z = w.headPre[r];
        for (int j = 0; j < embedding; j++) {
          z[j] += u[j];
        }
      }
      Relus.forwardRows(w.headPre, w.headPost, rows.firstRow[b], rows.firstRow[b + 1], embedding);
    }
  }

  /**
   * The context k of samples [from, to): the mean of their column embeddings, n/J and the globals.
   */
  private void pool(double[][] x, double[][] e, PooledBatch w, int from, int to) {
    ColumnRows rows = w.rows;
    for (int b = from; b < to; b++) {
      double[] k = w.context[b];
      java.util.Arrays.fill(k, 0, embedding, 0.0);
      for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
        double[] er = e[r];
        for (int j = 0; j < embedding; j++) {
          k[j] += er[j];
        }
      }
      int columns = rows.columns(b);
      if (columns > 0) {
        for (int j = 0; j < embedding; j++) {
          k[j] /= columns;
        }
      }
      k[embedding] = columns / (double) window;
      for (int g = 0; g < globals; g++) {
        k[embedding + 1 + g] = x[b][layout.globalIndex(features, g)];
      }
    }
  }

  @Override
  void backward(double[][] dy, Workspace workspace) {
    PooledBatch w = (PooledBatch) workspace;
    ColumnRows rows = w.rows;
    int n = rows.rows;
    int count = rows.samples;
    rows.gather(dy, w.dLogits, w.dStopValue);
    w.out.backward(w.headPost, w.dLogits, w.dHeadPost, 0, n);
    Relus.backward(w.headPre, w.dHeadPost, w.dHeadPre, n, embedding);
    int lastLayer = embed.size() - 1;
    double[][] e = w.post[lastLayer];
    double[][] dE = w.dPost[lastLayer];
    w.job.backward(e, w.dHeadPre, dE, 0, n);
    KernelThreads.split(
        count,
        1,
        (long) n * embedding,
        (from, to) -> {
          for (int b = from; b < to; b++) {
            double[] du = w.dShared[b];
            java.util.Arrays.fill(du, 0.0);
            for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
              double[] d = w.dHeadPre[r];
              for (int j = 0; j < embedding; j++) {
                du[j] += d[j];
              }
            }
          }
        });
    w.contextRows.backward(w.context, w.dShared, w.dContext, 0, count);
    w.stopOutRows.backward(w.stopPost, w.dStopValue, w.dStopPost, 0, count);
    Relus.backward(w.stopPre, w.dStopPost, w.dStopPre, count, embedding);
    w.stopHiddenRows.backward(w.context, w.dStopPre, w.dContextStop, 0, count);
    KernelThreads.split(
        count,
        1,
        (long) n * embedding,
        (from, to) -> {
          for (int b = from; b < to; b++) {
            int columns = rows.columns(b);
            double[] dk = w.dContext[b];
            double[] dks = w.dContextStop[b];
            for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
              double[] d = dE[r];
              for (int j = 0; j < embedding; j++) {
                d[j] += (dk[j] + dks[j]) / columns;
              }
            }
          }
        });
    rows.backward(w.embed, w.input, w.pre, w.post, w.dPre, w.dPost);
  }
}
