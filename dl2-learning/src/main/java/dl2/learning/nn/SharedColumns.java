package dl2.learning.nn;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * A policy body and head whose weights are shared by every window column (Project; the paper's
 * network is fully connected, dl2-spec §7.6). Each non-empty column c is scored from its own
 * features x_c and a context, the mean features of the non-empty columns and their share of the
 * window: [x_c, context] → FC → ReLU (per hidden width) → FC(3), the logits of adding a worker, a
 * PS and a bundle to c (actions 3c, 3c+1, 3c+2). Stop (action 3J) is FC(1) of the mean last hidden
 * layer over the non-empty columns. Empty columns output 0; their actions are masked anyway.
 *
 * <p>Why: with one weight set per column, what the network learns about a job type at one position
 * applies at every position, instead of being learned J times from the samples that happen to land
 * there. Batches run every column of every sample through each layer at once ({@link DenseRows})
 * and keep the activations for the backward pass.
 */
public final class SharedColumns extends ColumnNetwork {
  private final ColumnLayout layout;
  private final int window;
  private final int features;
  private final List<Dense> hidden = new ArrayList<>();
  private final Dense taskHead;
  private final Dense stopHead;

  public SharedColumns(ColumnLayout layout, int inputSize, List<Integer> hiddenWidths, Rng rng) {
    super(inputSize, layout.window());
    if (hiddenWidths.isEmpty()) {
      throw new IllegalArgumentException("shared columns need at least one hidden layer");
    }
    this.layout = layout;
    this.window = layout.window();
    this.features = layout.featuresPerColumn(inputSize);
    int previous = 2 * features + 1;
    for (int h = 0; h < hiddenWidths.size(); h++) {
      int width = hiddenWidths.get(h);
      hidden.add(new Dense("column" + h + ".fc", previous, width, rng));
      previous = width;
    }
    this.taskHead = new Dense("column.head", previous, 3, rng);
    this.stopHead = new Dense("stop.head", previous, 1, rng);
    hidden.forEach(d -> addParams(d.params()));
    addParams(taskHead.params());
    addParams(stopHead.params());
  }

  @Override
  Workspace newWorkspace(boolean frozen) {
    return new Batch(frozen);
  }

  @Override
  void forward(double[][] x, int count, double[][] y, Workspace workspace) {
    Batch w = (Batch) workspace;
    w.prepare(x, count);
    ColumnRows rows = w.rows;
    int n = rows.rows;
    for (int b = 0; b < count; b++) {
      double[] context = w.context[b];
      java.util.Arrays.fill(context, 0);
      int columns = rows.columns(b);
      for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
        for (int f = 0; f < features; f++) {
          context[f] += x[b][layout.index(rows.column[r], f)];
        }
      }
      for (int f = 0; f < features; f++) {
        context[f] = columns == 0 ? 0 : context[f] / columns;
      }
      context[features] = columns / (double) window;
      for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
        System.arraycopy(context, 0, w.input[r], features, features + 1);
      }
    }
    rows.gather(x, w.input, 0);
    double[][] in = rows.forward(w.hidden, w.input, w.pre, w.post);
    w.task.forward(in, w.logits, 0, n);
    int last = taskHead.inputSize();
    for (int b = 0; b < count; b++) {
      double[] pooled = w.pooled[b];
      java.util.Arrays.fill(pooled, 0);
      for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
        double[] a = in[r];
        for (int k = 0; k < last; k++) {
          pooled[k] += a[k];
        }
      }
      int columns = rows.columns(b);
      if (columns > 0) {
        for (int k = 0; k < last; k++) {
          pooled[k] /= columns;
        }
      }
    }
    w.stop.forward(w.pooled, w.stopOut, 0, count);
    rows.scatter(w.logits, w.stopOut, y);
  }

  @Override
  void backward(double[][] dy, Workspace workspace) {
    Batch w = (Batch) workspace;
    ColumnRows rows = w.rows;
    int n = rows.rows;
    int count = rows.samples;
    rows.gather(dy, w.dLogits, w.dStop);
    w.stop.backward(w.pooled, w.dStop, w.dPooled, 0, count);
    int lastLayer = hidden.size() - 1;
    w.task.backward(w.post[lastLayer], w.dLogits, w.dPost[lastLayer], 0, n);
    int last = hidden.get(lastLayer).outputSize();
    for (int b = 0; b < count; b++) {
      int columns = rows.columns(b);
      double[] dPooled = w.dPooled[b];
      for (int r = rows.firstRow[b]; r < rows.firstRow[b + 1]; r++) {
        double[] g = w.dPost[lastLayer][r];
        for (int k = 0; k < last; k++) {
          g[k] += dPooled[k] / columns;
        }
      }
    }
    rows.backward(w.hidden, w.input, w.pre, w.post, w.dPre, w.dPost);
  }

  /** The activations and gradients of one batch, rows in (sample, column) order. */
  private final class Batch implements Workspace {
    private final boolean frozen;
    private final ColumnRows rows = new ColumnRows(layout, features);
    private final DenseRows[] hidden = new DenseRows[SharedColumns.this.hidden.size()];
    private final DenseRows task = new DenseRows(taskHead);
    private final DenseRows stop = new DenseRows(stopHead);
    private double[][] input;
    private final double[][][] pre = new double[hidden.length][][];
    private final double[][][] post = new double[hidden.length][][];
    private final double[][][] dPre = new double[hidden.length][][];
    private final double[][][] dPost = new double[hidden.length][][];
    private double[][] logits;
    private double[][] dLogits;
    private double[][] context;
    private double[][] pooled;
    private double[][] dPooled;
    private double[][] stopOut;
    private double[][] dStop;

    Batch(boolean frozen) {
      this.frozen = frozen;
      for (int h = 0; h < hidden.length; h++) {
        hidden[h] = new DenseRows(SharedColumns.this.hidden.get(h));
      }
      if (frozen) {
        loadWeights();
      }
    }

    private void loadWeights() {
      for (DenseRows d : hidden) {
        d.loadWeights();
      }
      task.loadWeights();
      stop.loadWeights();
    }

    void prepare(double[][] x, int count) {
      if (!frozen) {
        loadWeights();
      }
      rows.index(x, count);
      int n = rows.rows;
      input = ColumnRows.ensure(input, n, 2 * features + 1);
      for (int h = 0; h < hidden.length; h++) {
        int width = hidden[h].outputSize();
        pre[h] = ColumnRows.ensure(pre[h], n, width);
        post[h] = ColumnRows.ensure(post[h], n, width);
        dPre[h] = ColumnRows.ensure(dPre[h], n, width);
        dPost[h] = ColumnRows.ensure(dPost[h], n, width);
      }
      int last = taskHead.inputSize();
      logits = ColumnRows.ensure(logits, n, 3);
      dLogits = ColumnRows.ensure(dLogits, n, 3);
      context = ColumnRows.ensure(context, count, features + 1);
      pooled = ColumnRows.ensure(pooled, count, last);
      dPooled = ColumnRows.ensure(dPooled, count, last);
      stopOut = ColumnRows.ensure(stopOut, count, 1);
      dStop = ColumnRows.ensure(dStop, count, 1);
    }
  }
}
