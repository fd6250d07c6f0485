package dl2.learning.nn;

import dl2.model.Rng;
import java.util.List;

/**
 * Fully connected layer y = xW + b (dl2-spec §7.6). W is stored input-major, {@code W[i*out+j]}, so
 * the forward pass and both gradient products run over contiguous rows. Each output sums its inputs
 * in ascending order; zero inputs (after ReLU, one-hot states) are skipped, which changes nothing
 * but the sign of an all-zero sum.
 */
public final class Dense implements Layer {
  /** Initial weight σ; draws are cut at 2σ. */
  public static final double INIT_SIGMA = 0.02;

  private final int in;
  private final int out;
  private final Param weight;
  private final Param bias;

  /** Weights from a truncated normal (σ 0.02, cut at 2σ) drawn in index order; biases 0. */
  public Dense(String name, int in, int out, Rng rng) {
    if (in <= 0 || out <= 0) {
      throw new IllegalArgumentException("layer sizes must be positive: " + in + "x" + out);
    }
    this.in = in;
    this.out = out;
    this.weight = new Param(name + ".weight", in * out);
    this.bias = new Param(name + ".bias", out);
    double[] w = weight.value();
    for (int k = 0; rng != null && k < w.length; k++) {
      w[k] = Init.truncatedNormal(rng, INIT_SIGMA);
    }
  }

  @Override
  public int inputSize() {
    return in;
  }

  @Override
  public int outputSize() {
    return out;
  }

  @Override
  public void forward(double[] x, double[] y) {
    double[] w = weight.value();
    System.arraycopy(bias.value(), 0, y, 0, out);
    // Input rows are taken in pairs, y += (x_i·w_i + x_k·w_k): half the loads and stores of y.
    int i = 0;
    for (; i + 1 < in; i += 2) {
      double xi = x[i];
      double xk = x[i + 1];
      if (xi == 0.0 && xk == 0.0) {
        continue;
      }
      int row = i * out;
      int next = row + out;
      for (int j = 0; j < out; j++) {
        y[j] += xi * w[row + j] + xk * w[next + j];
      }
    }
    if (i < in && x[i] != 0.0) {
      double xi = x[i];
      int row = i * out;
      for (int j = 0; j < out; j++) {
        y[j] += xi * w[row + j];
      }
    }
  }

  @Override
  public void backward(double[] x, double[] y, double[] dy, double[] dx) {
    double[] w = weight.value();
    double[] dw = weight.grad();
    double[] db = bias.grad();
    for (int j = 0; j < out; j++) {
      db[j] += dy[j];
    }
    for (int i = 0; i < in; i++) {
      int row = i * out;
      double xi = x[i];
      if (xi != 0.0) {
        for (int j = 0; j < out; j++) {
          dw[row + j] += xi * dy[j];
        }
      }
      if (dx != null) {
        double sum = 0.0;
        for (int j = 0; j < out; j++) {
          sum += w[row + j] * dy[j];
        }
        dx[i] = sum;
      }
    }
  }

  @Override
  public List<Param> params() {
    return List.of(weight, bias);
  }
}
