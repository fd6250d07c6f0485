package dl2.schedulers.placed;

import dl2.fit.Nnls;
import java.util.List;

/**
 * A job type's curve as two shapes a job scales: compute θ0/w + θ1 and communication θ2·w/p + θ3·w
 * + θ4·p, each the mean of the pool's members normalised to 1 at 2 workers and 2 PSs, so that a job
 * of the type is the curve with its compute time scaled by a and its communication by b (the
 * realistic world's per-job variation has this form: docs/realistic-world.md). A job's (a, b) is
 * fitted by NNLS on its own measured rows, projected onto the two shapes, with the members'
 * geometric means (a0, b0) as κ pseudo-observations each, in relative error as the measured rows.
 */
final class TypeScaling {
  private final double[] shape;
  private final double a0;
  private final double b0;

  private TypeScaling(double[] shape, double a0, double b0) {
    this.shape = shape;
    this.a0 = a0;
    this.b0 = b0;
  }

  /** Compute time at 2 workers. */
  static double compute(double[] theta) {
    return theta[0] / 2 + theta[1];
  }

  /** Communication time at 2 workers and 2 PSs, every pair across nodes. */
  static double communication(double[] theta) {
    return theta[2] + 2 * theta[3] + 2 * theta[4];
  }

  /**
   * The scaling of {@code members}' curves: those with both parts positive, in order; null if none
   * has.
   */
  static TypeScaling of(List<double[]> members) {
    double[] shape = new double[5];
    double logA = 0;
    double logB = 0;
    int n = 0;
    for (double[] theta : members) {
      double c = compute(theta);
      double m = communication(theta);
      if (c > 0 && m > 0) {
        n++;
        logA += Math.log(c);
        logB += Math.log(m);
        for (int j = 0; j < 5; j++) {
          shape[j] += theta[j] / (j < 2 ? c : m);
        }
      }
    }
    if (n == 0) {
      return null;
    }
    for (int j = 0; j < 5; j++) {
      shape[j] /= n;
    }
    return new TypeScaling(shape, Math.exp(logA / n), Math.exp(logB / n));
  }

  /** The curve with compute scaled by {@code a} and communication by {@code b}. */
  double[] theta(double a, double b) {
    return new double[] {a * shape[0], a * shape[1], b * shape[2], b * shape[3], b * shape[4]};
  }

  /** The type's own curve: (a0, b0). */
  double[] typical() {
    return theta(a0, b0);
  }

  /**
   * The curve of a job measured as {@code rows} (θ's five features, each row scaled as {@link
   * PlacedSpeedFit}'s) with {@code targets}, its (a, b) shrunk toward (a0, b0) by {@code weight}
   * measurements each.
   */
  double[] fitted(double[][] rows, double[] targets, double weight) {
    if (rows.length == 0) {
      return typical();
    }
    double root = Math.sqrt(weight);
    double[][] a = new double[rows.length + 2][];
    double[] b = new double[rows.length + 2];
    for (int i = 0; i < rows.length; i++) {
      double[] r = rows[i];
      a[i] =
          new double[] {
            r[0] * shape[0] + r[1] * shape[1], r[2] * shape[2] + r[3] * shape[3] + r[4] * shape[4]
          };
      b[i] = targets[i];
    }
    a[rows.length] = new double[] {root / a0, 0};
    a[rows.length + 1] = new double[] {0, root / b0};
    b[rows.length] = root;
    b[rows.length + 1] = root;
    double[] scales = Nnls.solve(a, b);
    return theta(scales[0], scales[1]);
  }
}
