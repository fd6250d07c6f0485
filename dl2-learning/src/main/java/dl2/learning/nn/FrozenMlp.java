package dl2.learning.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable single-precision snapshot of an {@link Mlp} for fast one-sample inference (the
 * policy acting in the simulator, in validation and on a live cluster). Dense weights are kept as
 * one float array per input row: HotSpot's C2 vectorises {@code y[j] += x·row[j]} over such arrays
 * but not over offsets into one flat array, and floats fill twice as many vector lanes as doubles
 * (measured here, 256×256: flat double 1.8, row double 8.2, row float 13.9 GMAC/s). Outputs agree
 * with the double-precision network to single-precision rounding and are deterministic; training
 * stays in double. A column network's snapshot stays in double precision and runs all its columns
 * through the batch kernels at once, bit-identical to {@link Mlp#forward(double[])}. Not
 * thread-safe (it reuses its buffers); make one per thread.
 */
public final class FrozenMlp {
  private sealed interface Step permits DenseStep, ReluStep, NormStep {}

  private record DenseStep(float[][] rows, float[] bias) implements Step {}

  private record ReluStep() implements Step {}

  private record NormStep(float[] gamma, float[] beta) implements Step {}

  private static final float NORM_SCALE = (float) AffineNorm.SCALE;

  private final int inputSize;
  private final List<Step> steps;
  private final float[] input;
  private final float[][] buffers;
  private final double[] output;
  private final ColumnNetwork
      columns; // a private double-precision copy of a column network, else null
  private final ColumnNetwork.Workspace workspace;
  private final double[][] columnInput = new double[1][];
  private final double[][] columnOutput = new double[1][];

  public FrozenMlp(Mlp network) {
    this.inputSize = network.spec().inputSize();
    // A column network runs its small per-column layers in double precision, all columns at once.
    if (network.spec().columns() != null) {
      Mlp copy = Mlp.of(network.spec(), network.parameters());
      this.columns = (ColumnNetwork) copy.layers().get(0);
      this.workspace = columns.newWorkspace(true);
    } else {
      this.columns = null;
      this.workspace = null;
    }
    List<Step> list = new ArrayList<>();
    List<float[]> outs = new ArrayList<>();
    for (Layer layer : network.layers()) {
      if (layer instanceof Dense dense) {
        double[] w = dense.params().get(0).value();
        int in = dense.inputSize();
        int out = dense.outputSize();
        list.add(
            new DenseStep(FloatRows.of(w, in, out), FloatRows.of(dense.params().get(1).value())));
      } else if (layer instanceof Relu) {
        list.add(new ReluStep());
      } else if (layer instanceof AffineNorm norm) {
        list.add(
            new NormStep(
                FloatRows.of(norm.params().get(0).value()),
                FloatRows.of(norm.params().get(1).value())));
      } else if (!(layer instanceof ColumnNetwork)) {
        throw new IllegalArgumentException(
            "cannot freeze layer " + layer.getClass().getSimpleName());
      }
      outs.add(new float[layer.outputSize()]);
    }
    this.steps = List.copyOf(list);
    this.input = new float[inputSize];
    this.buffers = outs.toArray(float[][]::new);
    this.output = new double[buffers[buffers.length - 1].length];
  }

  /** The network's output for one input; the returned buffer is overwritten by the next call. */
  public double[] forward(double[] x) {
    if (x.length != inputSize) {
      throw new IllegalArgumentException(
          "input has " + x.length + " values, network expects " + inputSize);
    }
    if (columns != null) {
      columnInput[0] = x;
      columnOutput[0] = output;
      columns.forward(columnInput, 1, columnOutput, workspace);
      return output;
    }
    for (int i = 0; i < inputSize; i++) {
      input[i] = (float) x[i];
    }
    float[] current = input;
    for (int s = 0; s < steps.size(); s++) {
      float[] y = buffers[s];
      Step step = steps.get(s);
      if (step instanceof DenseStep d) {
        dense(d, current, y);
      } else if (step instanceof NormStep n) {
        for (int j = 0; j < y.length; j++) {
          y[j] = n.gamma()[j] * (current[j] * NORM_SCALE) + n.beta()[j];
        }
      } else {
        for (int j = 0; j < y.length; j++) {
          y[j] = current[j] > 0f ? current[j] : 0f;
        }
      }
      current = y;
    }
    for (int j = 0; j < output.length; j++) {
      output[j] = current[j];
    }
    return output;
  }

  private static void dense(DenseStep d, float[] x, float[] y) {
    System.arraycopy(d.bias(), 0, y, 0, y.length);
    FloatRows.accumulate(d.rows(), x, y);
  }
}
