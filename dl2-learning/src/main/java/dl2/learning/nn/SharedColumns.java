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
 * <p>Why: with one weight set per column, what the network learns about a job type at one
 * position applies at every position, instead of being learned J times from the samples that
 * happen to land there. It is the only layer of its {@link Mlp} and has no input gradient.
 */
public final class SharedColumns implements Layer {
  private final ColumnLayout layout;
  private final int window;
  private final int features;
  private final List<Dense> hidden = new ArrayList<>();
  private final List<Relu> relus = new ArrayList<>();
  private final Dense taskHead;
  private final Dense stopHead;
  private final List<Param> params = new ArrayList<>();
  // per-column activations, recomputed in backward: [column][layer]
  private final double[][][] activations;
  private final double[][][] gradients;
  private final double[] context;
  private final double[] pooled;
  private final double[] dPooled;
  private final boolean[] present;
  private final double[] stopOut = new double[1];
  private final double[] dStop = new double[1];

  public SharedColumns(ColumnLayout layout, int inputSize, List<Integer> hiddenWidths, Rng rng) {
    if (hiddenWidths.isEmpty()) {
      throw new IllegalArgumentException("shared columns need at least one hidden layer");
    }
    this.layout = layout;
    this.window = layout.window();
    this.features = layout.featuresPerColumn(inputSize);
    int previous = 2 * features + 1;
    int[] widths = new int[hiddenWidths.size() + 2];
    widths[0] = previous;
    for (int h = 0; h < hiddenWidths.size(); h++) {
      int width = hiddenWidths.get(h);
      hidden.add(new Dense("column" + h + ".fc", previous, width, rng));
      relus.add(new Relu(width));
      widths[h + 1] = width;
      previous = width;
    }
    this.taskHead = new Dense("column.head", previous, 3, rng);
    this.stopHead = new Dense("stop.head", previous, 1, rng);
    widths[widths.length - 1] = 3;
    hidden.forEach(d -> params.addAll(d.params()));
    params.addAll(taskHead.params());
    params.addAll(stopHead.params());
    // layer l's input is activations[c][2l] (column input, then pre- and post-ReLU pairs)
    this.activations = new double[window][][];
    this.gradients = new double[window][][];
    for (int c = 0; c < window; c++) {
      activations[c] = new double[2 * hiddenWidths.size() + 2][];
      gradients[c] = new double[2 * hiddenWidths.size() + 2][];
      activations[c][0] = new double[widths[0]];
      for (int h = 0; h < hiddenWidths.size(); h++) {
        activations[c][2 * h + 1] = new double[widths[h + 1]];
        activations[c][2 * h + 2] = new double[widths[h + 1]];
        gradients[c][2 * h + 1] = new double[widths[h + 1]];
        gradients[c][2 * h + 2] = new double[widths[h + 1]];
      }
      activations[c][activations[c].length - 1] = new double[3];
    }
    this.context = new double[features + 1];
    this.pooled = new double[previous];
    this.dPooled = new double[previous];
    this.present = new boolean[window];
  }

  @Override
  public int inputSize() {
    return window * features;
  }

  @Override
  public int outputSize() {
    return 3 * window + 1;
  }

  @Override
  public void forward(double[] x, double[] y) {
    run(x);
    java.util.Arrays.fill(y, 0, 3 * window, 0);
    for (int c = 0; c < window; c++) {
      if (present[c]) {
        double[] logits = activations[c][activations[c].length - 1];
        System.arraycopy(logits, 0, y, 3 * c, 3);
      }
    }
    stopHead.forward(pooled, stopOut);
    y[3 * window] = stopOut[0];
  }

  @Override
  public void backward(double[] x, double[] y, double[] dy, double[] dx) {
    if (dx != null) {
      throw new UnsupportedOperationException("shared columns are the first layer: no input gradient");
    }
    int columns = run(x);
    dStop[0] = dy[3 * window];
    stopHead.backward(pooled, stopOut, dStop, dPooled); // Dense's backward does not read its output
    int last = 2 * hidden.size();
    double[] dTask = new double[3];
    for (int c = 0; c < window; c++) {
      if (!present[c]) {
        continue;
      }
      double[][] a = activations[c];
      double[][] g = gradients[c];
      System.arraycopy(dy, 3 * c, dTask, 0, 3);
      taskHead.backward(a[last], a[last + 1], dTask, g[last]);
      for (int k = 0; k < dPooled.length; k++) {
        g[last][k] += dPooled[k] / columns;
      }
      for (int h = hidden.size() - 1; h >= 0; h--) {
        relus.get(h).backward(a[2 * h + 1], a[2 * h + 2], g[2 * h + 2], g[2 * h + 1]);
        hidden.get(h).backward(a[2 * h], a[2 * h + 1], g[2 * h + 1], h == 0 ? null : g[2 * h]);
      }
    }
  }

  /** Forward pass of every non-empty column into the activation buffers; returns their number. */
  private int run(double[] x) {
    int columns = 0;
    java.util.Arrays.fill(context, 0);
    for (int c = 0; c < window; c++) {
      boolean any = false;
      for (int f = 0; f < features; f++) {
        double v = x[layout.index(c, f)];
        activations[c][0][f] = v;
        any |= v != 0;
      }
      present[c] = any;
      if (any) {
        columns++;
        for (int f = 0; f < features; f++) {
          context[f] += activations[c][0][f];
        }
      }
    }
    for (int f = 0; f < features; f++) {
      context[f] = columns == 0 ? 0 : context[f] / columns;
    }
    context[features] = columns / (double) window;
    java.util.Arrays.fill(pooled, 0);
    int last = 2 * hidden.size();
    for (int c = 0; c < window; c++) {
      if (!present[c]) {
        continue;
      }
      double[][] a = activations[c];
      System.arraycopy(context, 0, a[0], features, features + 1);
      for (int h = 0; h < hidden.size(); h++) {
        hidden.get(h).forward(a[2 * h], a[2 * h + 1]);
        relus.get(h).forward(a[2 * h + 1], a[2 * h + 2]);
      }
      taskHead.forward(a[last], a[last + 1]);
      for (int k = 0; k < pooled.length; k++) {
        pooled[k] += a[last][k];
      }
    }
    if (columns > 0) {
      for (int k = 0; k < pooled.length; k++) {
        pooled[k] /= columns;
      }
    }
    return columns;
  }

  @Override
  public List<Param> params() {
    return params;
  }
}
