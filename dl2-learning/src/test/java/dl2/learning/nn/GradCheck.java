package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import java.util.function.DoubleSupplier;

/**
 * Central finite differences in double precision. An analytic gradient a passes against the numeric
 * n when |a − n| ≤ {@link #TOLERANCE}·max(|a| + |n|, {@link #FLOOR}): a relative error of 1e-6,
 * relaxed to an absolute 1e-10 for gradients below 1e-4 where rounding noise dominates.
 */
final class GradCheck {
  static final double STEP = 1e-5;
  static final double TOLERANCE = 1e-6;
  static final double FLOOR = 1e-4;

  private GradCheck() {}

  /** Perturbs each {@code values[i]} in place (restoring it) and compares with {@code analytic}. */
  static double check(String what, double[] values, double[] analytic, DoubleSupplier loss) {
    double worst = 0.0;
    for (int i = 0; i < values.length; i++) {
      double saved = values[i];
      values[i] = saved + STEP;
      double up = loss.getAsDouble();
      values[i] = saved - STEP;
      double down = loss.getAsDouble();
      values[i] = saved;
      double numeric = (up - down) / (2 * STEP);
      double scale = Math.max(Math.abs(analytic[i]) + Math.abs(numeric), FLOOR);
      double error = Math.abs(analytic[i] - numeric) / scale;
      worst = Math.max(worst, error);
      assertThat(error)
          .as("%s[%d]: analytic %s vs numeric %s", what, i, analytic[i], numeric)
          .isLessThanOrEqualTo(TOLERANCE);
    }
    return worst;
  }

  /** Fills {@code a} with uniform draws in [−scale, scale). */
  static void randomise(Rng rng, double[] a, double scale) {
    for (int i = 0; i < a.length; i++) {
      a[i] = scale * rng.nextSymmetric();
    }
  }

  /** n uniform draws in [−1, 1). */
  static double[] random(Rng rng, int n) {
    double[] x = new double[n];
    randomise(rng, x, 1.0);
    return x;
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }
}
