package dl2.speed;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.NormOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * A two-dimensional linear radial-basis interpolant f(x) = max(0, Σ λ_i ‖x − x_i‖₂) through
 * distinct points (dl2-spec §3.5): no polynomial term, no smoothing, raw coordinates. The weights
 * solve Aλ = s with A_ij = ‖x_i − x_j‖₂ by LU with partial pivoting; A is symmetric but indefinite,
 * so Cholesky does not apply.
 */
final class RbfInterpolant {
  /**
   * Largest accepted 1-norm condition number of A. Beyond it the weights keep fewer than about four
   * significant digits, so the table is rejected rather than silently mis-fitted. Integer grids of
   * the paper's size stay many orders of magnitude below it.
   */
  static final double MAX_CONDITION = 1e12;

  private final double[] ps;
  private final double[] ws;
  private final double[] weights;

  /** The value everywhere when there is one point: its system 0·λ = s has no solution. */
  private final double constant;

  private RbfInterpolant(double[] ps, double[] ws, double[] weights, double constant) {
    this.ps = ps;
    this.ws = ws;
    this.weights = weights;
    this.constant = constant;
  }

  /**
   * Fits the interpolant through (ps[i], ws[i]) → speeds[i]. The points must be distinct.
   *
   * @throws IllegalArgumentException if the system is singular or ill-conditioned
   */
  static RbfInterpolant fit(double[] ps, double[] ws, double[] speeds) {
    int n = speeds.length;
    if (n == 0 || ps.length != n || ws.length != n) {
      throw new IllegalArgumentException("need at least one point and equal-length arrays");
    }
    if (n == 1) {
      return new RbfInterpolant(ps.clone(), ws.clone(), new double[0], Math.max(0, speeds[0]));
    }
    DMatrixRMaj a = new DMatrixRMaj(n, n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        a.unsafe_set(i, j, distance(ps[i], ws[i], ps[j], ws[j]));
      }
    }
    LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(n);
    if (!lu.setA(lu.modifiesA() ? a.copy() : a)) {
      throw new IllegalArgumentException("the RBF system of " + n + " points is singular");
    }
    DMatrixRMaj inverse = new DMatrixRMaj(n, n);
    lu.invert(inverse);
    double condition = NormOps_DDRM.normP1(a) * NormOps_DDRM.normP1(inverse);
    if (!(condition <= MAX_CONDITION)) {
      throw new IllegalArgumentException(
          String.format(
              "the RBF system of %d points is singular or ill-conditioned"
                  + " (1-norm condition %.3g > %.0e)",
              n, condition, MAX_CONDITION));
    }
    DMatrixRMaj lambda = new DMatrixRMaj(n, 1);
    lu.solve(new DMatrixRMaj(n, 1, true, speeds), lambda);
    return new RbfInterpolant(ps.clone(), ws.clone(), lambda.getData().clone(), 0);
  }

  /** The reference evaluation, summed in point order. */
  double evaluate(double p, double w) {
    if (weights.length == 0) {
      return constant;
    }
    double sum = 0;
    for (int i = 0; i < weights.length; i++) {
      sum += weights[i] * distance(p, w, ps[i], ws[i]);
    }
    // The clamp removes ±1e-13 noise at zero-speed points and negative extrapolation.
    return Math.max(0, sum);
  }

  int pointCount() {
    return ps.length;
  }

  /** λ, in point order; empty for a one-point interpolant. */
  double[] weights() {
    return weights.clone();
  }

  private static double distance(double p1, double w1, double p2, double w2) {
    double dp = p1 - p2;
    double dw = w1 - w2;
    return Math.sqrt(dp * dp + dw * dw);
  }
}
