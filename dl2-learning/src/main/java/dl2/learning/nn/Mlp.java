package dl2.learning.nn;

import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * A multilayer perceptron per {@link MlpSpec}: hidden FC → ReLU → optional affine norm, then a
 * linear head (dl2-spec §7.6). The policy network feeds its head to {@link MaskedSoftmax}; the
 * value network reads its single output directly.
 *
 * <p>Not thread-safe: the one-sample forward pass reuses preallocated buffers. Give each agent its
 * own instance and move weights with {@link #parameters()} / {@link #loadParameters}.
 */
public final class Mlp {
  private final MlpSpec spec;
  private final List<Layer> layers;
  private final List<Param> params;
  private final int[] sizes; // sizes[l] = input width of layer l; last = output width
  private final double[][] single; // one-sample activations after each layer
  private final DenseRows[] rows; // batch kernels of the Dense layers, null elsewhere

  /**
   * Builds and initialises the layers, drawing from {@code rng} in layer order; a null {@code rng}
   * draws nothing (weights 0), for networks whose weights are loaded next.
   */
  public Mlp(MlpSpec spec, Rng rng) {
    this.spec = spec;
    List<Layer> ls = new ArrayList<>();
    int previous = spec.inputSize();
    if (spec.kind() == NetworkKind.SHARED_COLUMNS) {
      ls.add(new SharedColumns(spec.columns(), spec.inputSize(), spec.hiddenWidths(), rng));
    } else if (spec.kind() == NetworkKind.POOLED_EMBEDDINGS) {
      ls.add(new PooledEmbeddings(spec.columns(), spec.inputSize(), spec.hiddenWidths(), rng));
    }
    for (int h = 0; spec.columns() == null && h < spec.hiddenWidths().size(); h++) {
      int width = spec.hiddenWidths().get(h);
      ls.add(new Dense("hidden" + h + ".fc", previous, width, rng));
      ls.add(new Relu(width));
      if (spec.affineNorm()) {
        ls.add(new AffineNorm("hidden" + h + ".norm", width, rng));
      }
      previous = width;
    }
    if (spec.columns() == null) {
      ls.add(new Dense("head", previous, spec.outputSize(), rng));
    }
    this.layers = List.copyOf(ls);
    List<Param> ps = new ArrayList<>();
    layers.forEach(l -> ps.addAll(l.params()));
    this.params = List.copyOf(ps);
    this.sizes = new int[layers.size() + 1];
    sizes[0] = spec.inputSize();
    this.single = new double[layers.size()][];
    for (int l = 0; l < layers.size(); l++) {
      sizes[l + 1] = layers.get(l).outputSize();
      single[l] = new double[sizes[l + 1]];
    }
    this.rows = new DenseRows[layers.size()];
    for (int l = 0; l < layers.size(); l++) {
      if (layers.get(l) instanceof Dense dense) {
        rows[l] = new DenseRows(dense);
      }
    }
  }

  public static Builder builder(int inputSize) {
    return new Builder(inputSize);
  }

  public MlpSpec spec() {
    return spec;
  }

  public List<Layer> layers() {
    return layers;
  }

  /** All trainable tensors in a fixed order: layer by layer, weight before bias, γ before β. */
  public List<Param> params() {
    return params;
  }

  public long parameterCount() {
    long n = 0;
    for (Param p : params) {
      n += p.size();
    }
    return n;
  }

  /**
   * One-sample forward pass without allocation. The returned array is an internal buffer that the
   * next call overwrites; copy it if it must survive.
   */
  public double[] forward(double[] input) {
    checkInput(input);
    double[] x = input;
    for (int l = 0; l < layers.size(); l++) {
      layers.get(l).forward(x, single[l]);
      x = single[l];
    }
    return x;
  }

  /** A fresh tape for batch passes. */
  public Tape newTape() {
    return new Tape(sizes);
  }

  /**
   * Forward pass for {@code inputs[0..count)}, recorded on {@code tape} for {@link #backward}. Each
   * sample gives bit-for-bit the same output as {@link #forward(double[])}.
   */
  public Tape forward(double[][] inputs, int count, Tape tape) {
    tape.ensureCapacity(count);
    if (layers.get(0) instanceof ColumnNetwork columns) {
      for (int b = 0; b < count; b++) {
        checkInput(inputs[b]);
      }
      if (tape.workspace == null) {
        tape.workspace = columns.newWorkspace(false);
      }
      columns.forward(inputs, count, tape.act[1], tape.workspace);
      tape.count = count;
      return tape;
    }
    for (int b = 0; b < count; b++) {
      checkInput(inputs[b]);
      System.arraycopy(inputs[b], 0, tape.act[0][b], 0, sizes[0]);
    }
    // Layer by layer over the whole batch: each sample sees exactly the one-sample arithmetic.
    for (int l = 0; l < layers.size(); l++) {
      Layer layer = layers.get(l);
      double[][] x = tape.act[l];
      double[][] y = tape.act[l + 1];
      if (layer instanceof Dense) {
        rows[l].loadWeights();
        rows[l].forward(x, y, 0, count);
      } else if (layer instanceof Relu) {
        Relus.forward(x, y, count, sizes[l]);
      } else {
        for (int b = 0; b < count; b++) {
          layer.forward(x[b], y[b]);
        }
      }
    }
    tape.count = count;
    return tape;
  }

  /** Forward pass for all {@code inputs} on a new tape. */
  public Tape forward(double[][] inputs) {
    return forward(inputs, inputs.length, newTape());
  }

  /**
   * Adds the parameter gradients of the taped batch to {@link Param#grad()}, given ∂L/∂output per
   * sample ({@code dOutputs[b]}, already scaled by the loss's 1/B). Samples are accumulated in
   * index order. Call {@link #zeroGrad()} first unless accumulating on purpose.
   */
  public void backward(Tape tape, double[][] dOutputs) {
    if (layers.get(0) instanceof ColumnNetwork columns) {
      columns.backward(dOutputs, tape.workspace);
      return;
    }
    int count = tape.count;
    double[][] dy = dOutputs;
    for (int l = layers.size() - 1; l >= 0; l--) {
      Layer layer = layers.get(l);
      double[][] x = tape.act[l];
      double[][] dx = l == 0 ? null : tape.gradients(l);
      if (layer instanceof Dense) {
        rows[l].backward(x, dy, dx, 0, count);
      } else if (layer instanceof Relu) {
        Relus.backward(x, dy, dx, count, sizes[l]);
      } else {
        for (int b = 0; b < count; b++) {
          layer.backward(x[b], tape.act[l + 1][b], dy[b], dx == null ? null : dx[b]);
        }
      }
      dy = dx;
    }
  }

  public void zeroGrad() {
    params.forEach(Param::zeroGrad);
  }

  /** A detached copy of the weights, e.g. to broadcast to agents. */
  public ParamSet parameters() {
    return ParamSet.copyOf(params, false);
  }

  /** A detached copy of the accumulated gradients, e.g. to send to the learner. */
  public ParamSet gradients() {
    return ParamSet.copyOf(params, true);
  }

  /** A network of {@code spec} holding {@code weights}, without drawing initial values first. */
  public static Mlp of(MlpSpec spec, ParamSet weights) {
    Mlp network = new Mlp(spec, null);
    network.loadParameters(weights);
    return network;
  }

  /** Overwrites the weights with {@code set} (same architecture). */
  public void loadParameters(ParamSet set) {
    copyInto(set, false);
  }

  /** Overwrites the accumulated gradients with {@code set}, e.g. the agents' average. */
  public void loadGradients(ParamSet set) {
    copyInto(set, true);
  }

  private void copyInto(ParamSet set, boolean gradients) {
    ParamSet.checkShape(parameters(), set);
    for (int k = 0; k < params.size(); k++) {
      Param p = params.get(k);
      double[] src = set.live(k);
      System.arraycopy(src, 0, gradients ? p.grad() : p.value(), 0, src.length);
    }
  }

  private void checkInput(double[] input) {
    if (input.length != sizes[0]) {
      throw new IllegalArgumentException(
          "input has " + input.length + " values, network " + spec + " expects " + sizes[0]);
    }
  }

  /** Fluent construction of an {@link MlpSpec} and its network. */
  public static final class Builder {
    private final int inputSize;
    private final List<Integer> hidden = new ArrayList<>();
    private boolean affineNorm = true;

    private Builder(int inputSize) {
      this.inputSize = inputSize;
    }

    /** Appends one hidden layer of the given width. */
    public Builder hidden(int width) {
      hidden.add(width);
      return this;
    }

    /** Appends {@code depth} hidden layers of equal width. */
    public Builder hidden(int width, int depth) {
      for (int k = 0; k < depth; k++) {
        hidden.add(width);
      }
      return this;
    }

    /** Whether hidden layers end with the affine norm (default true, as the original). */
    public Builder affineNorm(boolean on) {
      this.affineNorm = on;
      return this;
    }

    public MlpSpec output(int outputSize) {
      return new MlpSpec(inputSize, hidden, affineNorm, outputSize);
    }
  }
}
