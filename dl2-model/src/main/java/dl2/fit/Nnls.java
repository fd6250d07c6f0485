package dl2.fit;

/**
 * Non-negative least squares, min ‖Ax − b‖ subject to x ≥ 0, by the active-set method of Lawson and
 * Hanson ("Solving Least Squares Problems", 1974, ch. 23). Each unconstrained sub-problem is solved
 * by Householder QR on the passive columns. Deterministic: ties go to the lower column.
 */
public final class Nnls {
  private Nnls() {}

  /** The solution x ≥ 0 for an m × n matrix {@code a} (rows) and right-hand side {@code b}. */
  public static double[] solve(double[][] a, double[] b) {
    int m = a.length;
    int n = m == 0 ? 0 : a[0].length;
    if (b.length != m) {
      throw new IllegalArgumentException("matrix has " + m + " rows, right-hand side " + b.length);
    }
    double tolerance = tolerance(a, n);
    double[] x = new double[n];
    boolean[] passive = new boolean[n];
    for (int iteration = 0; iteration < 3 * n + 3; iteration++) {
      double[] gradient = gradient(a, b, x);
      int entering = -1;
      for (int j = 0; j < n; j++) {
        if (!passive[j]
            && gradient[j] > tolerance
            && (entering < 0 || gradient[j] > gradient[entering])) {
          entering = j;
        }
      }
      if (entering < 0) {
        return x;
      }
      passive[entering] = true;
      innerLoop(a, b, x, passive, tolerance);
    }
    return x;
  }

  /**
   * {@link #solve(double[][], double[])}'s solution, found with one least-squares solve when {@code
   * passiveGuess} is its passive set (as a slightly changed problem's previous solution's positive
   * variables usually are): accepted only on the conditions that stop the active-set method (every
   * passive variable positive, no other with a positive gradient), so the result is the one the
   * method would return from the start, computed by the same call; otherwise it starts afresh.
   */
  public static double[] solve(double[][] a, double[] b, boolean[] passiveGuess) {
    int n = a.length == 0 ? 0 : a[0].length;
    if (b.length != a.length || passiveGuess.length != n) {
      return solve(a, b); // reports the mismatch
    }
    double tolerance = tolerance(a, n);
    double[] z = leastSquares(a, b, passiveGuess);
    for (int j = 0; j < n; j++) {
      if (passiveGuess[j] && z[j] <= tolerance) {
        return solve(a, b);
      }
    }
    double[] gradient = gradient(a, b, z);
    for (int j = 0; j < n; j++) {
      if (!passiveGuess[j] && gradient[j] > tolerance) {
        return solve(a, b);
      }
    }
    return z;
  }

  /**
   * Solves on the passive set, stepping back towards x while a passive variable would go negative.
   */
  private static void innerLoop(
      double[][] a, double[] b, double[] x, boolean[] passive, double tolerance) {
    for (int guard = 0; guard <= x.length; guard++) {
      double[] z = leastSquares(a, b, passive);
      double alpha = Double.POSITIVE_INFINITY;
      for (int j = 0; j < x.length; j++) {
        if (passive[j] && z[j] <= tolerance) {
          alpha = Math.min(alpha, x[j] / (x[j] - z[j]));
        }
      }
      if (alpha == Double.POSITIVE_INFINITY) {
        System.arraycopy(z, 0, x, 0, x.length);
        return;
      }
      for (int j = 0; j < x.length; j++) {
        x[j] += alpha * (z[j] - x[j]);
        if (passive[j] && x[j] <= tolerance) {
          passive[j] = false;
          x[j] = 0;
        }
      }
    }
  }

  /** Aᵀ(b − Ax): the negative gradient of ½‖Ax − b‖². */
  private static double[] gradient(double[][] a, double[] b, double[] x) {
    double[] result = new double[x.length];
    for (int i = 0; i < a.length; i++) {
      double residual = b[i];
      for (int j = 0; j < x.length; j++) {
        residual -= a[i][j] * x[j];
      }
      for (int j = 0; j < x.length; j++) {
        result[j] += a[i][j] * residual;
      }
    }
    return result;
  }

  /**
   * Unconstrained least squares on the {@code columns} marked true (the others are 0), by
   * Householder QR. A column that is numerically dependent on earlier ones gets 0.
   */
  static double[] leastSquares(double[][] a, double[] b, boolean[] columns) {
    int m = a.length;
    int[] index = new int[columns.length];
    int k = 0;
    for (int j = 0; j < columns.length; j++) {
      if (columns[j]) {
        index[k++] = j;
      }
    }
    double[][] r = new double[m][k];
    for (int i = 0; i < m; i++) {
      for (int c = 0; c < k; c++) {
        r[i][c] = a[i][index[c]];
      }
    }
    double[] y = b.clone();
    int rank = Math.min(m, k);
    for (int c = 0; c < rank; c++) {
      reflect(r, y, c);
    }
    double[] coefficients = backSubstitute(r, y, rank, k);
    double[] x = new double[columns.length];
    for (int c = 0; c < k; c++) {
      x[index[c]] = coefficients[c];
    }
    return x;
  }

  /** Applies the Householder reflection that zeroes column c below the diagonal to R and y. */
  private static void reflect(double[][] r, double[] y, int c) {
    int m = r.length;
    double norm = 0;
    for (int i = c; i < m; i++) {
      norm = Math.hypot(norm, r[i][c]);
    }
    if (norm == 0) {
      return;
    }
    double alpha = r[c][c] > 0 ? -norm : norm;
    double[] v = new double[m];
    for (int i = c; i < m; i++) {
      v[i] = r[i][c];
    }
    v[c] -= alpha;
    double vv = 0;
    for (int i = c; i < m; i++) {
      vv += v[i] * v[i];
    }
    for (int col = c; col < r[0].length; col++) {
      double dot = 0;
      for (int i = c; i < m; i++) {
        dot += v[i] * r[i][col];
      }
      for (int i = c; i < m; i++) {
        r[i][col] -= 2 * dot / vv * v[i];
      }
    }
    double dot = 0;
    for (int i = c; i < m; i++) {
      dot += v[i] * y[i];
    }
    for (int i = c; i < m; i++) {
      y[i] -= 2 * dot / vv * v[i];
    }
  }

  private static double[] backSubstitute(double[][] r, double[] y, int rank, int k) {
    double[] x = new double[k];
    double scale = 0;
    for (int c = 0; c < rank; c++) {
      scale = Math.max(scale, Math.abs(r[c][c]));
    }
    for (int c = rank - 1; c >= 0; c--) {
      if (Math.abs(r[c][c]) <= 1e-12 * scale) {
        continue; // Dependent column: leave its coefficient at 0.
      }
      double sum = y[c];
      for (int j = c + 1; j < k; j++) {
        sum -= r[c][j] * x[j];
      }
      x[c] = sum / r[c][c];
    }
    return x;
  }

  /** Below this a variable counts as 0 and a gradient as not positive. */
  private static double tolerance(double[][] a, int n) {
    return 10 * Math.ulp(1.0) * maxAbs(a) * Math.max(a.length, n);
  }

  private static double maxAbs(double[][] a) {
    double max = 0;
    for (double[] row : a) {
      for (double v : row) {
        max = Math.max(max, Math.abs(v));
      }
    }
    return max;
  }
}
