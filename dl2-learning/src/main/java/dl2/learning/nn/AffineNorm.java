package dl2.learning.nn;

import dl2.model.Rng;
import java.util.List;

/**
 * The original's "batch norm", which never leaves inference mode, so its statistics stay at mean 0
 * and variance 1: y = γ⊙x/√(1 + 1e-5) + β with trainable γ, β (dl2-spec §7.6). γ starts from N(1,
 * 0.002²), β from 0.
 */
public final class AffineNorm implements Layer {
  /** The batch-norm epsilon folded into the fixed scale. */
  public static final double EPSILON = 1e-5;

  /** σ of γ's initial normal draw around 1. */
  public static final double GAMMA_INIT_SIGMA = 0.002;

  static final double SCALE = 1.0 / StrictMath.sqrt(1.0 + EPSILON);

  private final int size;
  private final Param gamma;
  private final Param beta;

  public AffineNorm(String name, int size, Rng rng) {
    this.size = size;
    this.gamma = new Param(name + ".gamma", size);
    this.beta = new Param(name + ".beta", size);
    double[] g = gamma.value();
    for (int j = 0; j < size; j++) {
      g[j] = rng == null ? 1.0 : 1.0 + GAMMA_INIT_SIGMA * Init.standardNormal(rng);
    }
  }

  @Override
  public int inputSize() {
    return size;
  }

  @Override
  public int outputSize() {
    return size;
  }

  @Override
  public void forward(double[] x, double[] y) {
    double[] g = gamma.value();
    double[] b = beta.value();
    for (int j = 0; j < size; j++) {
      y[j] = g[j] * (x[j] * SCALE) + b[j];
    }
  }

  @Override
  public void backward(double[] x, double[] y, double[] dy, double[] dx) {
    double[] g = gamma.value();
    double[] dg = gamma.grad();
    double[] db = beta.grad();
    for (int j = 0; j < size; j++) {
      dg[j] += dy[j] * (x[j] * SCALE);
      db[j] += dy[j];
      if (dx != null) {
        dx[j] = dy[j] * g[j] * SCALE;
      }
    }
  }

  @Override
  public List<Param> params() {
    return List.of(gamma, beta);
  }
}
