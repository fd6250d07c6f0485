package dl2.learning.nn;

import java.util.List;

/**
 * Adam (Kingma &amp; Ba, Algorithm 1) over all parameters of one network (dl2-spec §7.8): m ← β₁m +
 * (1−β₁)g, v ← β₂v + (1−β₂)g², θ ← θ − lr·m̂/(√v̂ + ε) with m̂ = m/(1−β₁ᵗ), v̂ = v/(1−β₂ᵗ). Reads
 * each {@link Param#grad()} as the full step gradient (already averaged over agents if synchronous)
 * and leaves it untouched.
 */
public final class Adam {
  public static final double BETA1 = 0.9;
  public static final double BETA2 = 0.999;
  public static final double EPSILON = 1e-8;

  private final List<Param> params;
  private final double[][] m;
  private final double[][] v;
  private double learningRate;
  private long step;

  /** Fresh state (m = v = 0, step 0) for {@code network}'s parameters. */
  public Adam(Mlp network, double learningRate) {
    this.params = network.params();
    this.m = new double[params.size()][];
    this.v = new double[params.size()][];
    for (int k = 0; k < params.size(); k++) {
      m[k] = new double[params.get(k).size()];
      v[k] = new double[params.get(k).size()];
    }
    setLearningRate(learningRate);
  }

  /** One update of every parameter from its current gradient. */
  public void step() {
    step++;
    double correction1 = 1.0 - StrictMath.pow(BETA1, step);
    double correction2 = 1.0 - StrictMath.pow(BETA2, step);
    for (int k = 0; k < params.size(); k++) {
      double[] theta = params.get(k).value();
      double[] g = params.get(k).grad();
      double[] mk = m[k];
      double[] vk = v[k];
      for (int i = 0; i < theta.length; i++) {
        mk[i] = BETA1 * mk[i] + (1.0 - BETA1) * g[i];
        vk[i] = BETA2 * vk[i] + (1.0 - BETA2) * g[i] * g[i];
        double mHat = mk[i] / correction1;
        double vHat = vk[i] / correction2;
        theta[i] -= learningRate * mHat / (Math.sqrt(vHat) + EPSILON);
      }
    }
  }

  public double learningRate() {
    return learningRate;
  }

  public void setLearningRate(double learningRate) {
    if (!(learningRate > 0.0 && Double.isFinite(learningRate))) {
      throw new IllegalArgumentException("learning rate must be positive: " + learningRate);
    }
    this.learningRate = learningRate;
  }

  /** Number of updates taken so far (t in the bias corrections). */
  public long stepCount() {
    return step;
  }

  /** A copy of the first moments, in {@link Mlp#params()} order. */
  public ParamSet firstMoments() {
    return new ParamSet(deepCopy(m));
  }

  /** A copy of the second moments, in {@link Mlp#params()} order. */
  public ParamSet secondMoments() {
    return new ParamSet(deepCopy(v));
  }

  /** Restores a saved state (used by {@link NetworkCodec}). */
  public void restore(ParamSet firstMoments, ParamSet secondMoments, long stepCount) {
    ParamSet.checkShape(new ParamSet(m), firstMoments);
    ParamSet.checkShape(new ParamSet(v), secondMoments);
    if (stepCount < 0) {
      throw new IllegalArgumentException("negative step count: " + stepCount);
    }
    for (int k = 0; k < m.length; k++) {
      System.arraycopy(firstMoments.live(k), 0, m[k], 0, m[k].length);
      System.arraycopy(secondMoments.live(k), 0, v[k], 0, v[k].length);
    }
    this.step = stepCount;
  }

  private static double[][] deepCopy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int k = 0; k < a.length; k++) {
      c[k] = a[k].clone();
    }
    return c;
  }
}
