package dl2.fit;

/**
 * {@link Nnls} for a problem refitted as it changes a little at a time (a speed curve after each
 * slot's measurements): every solve starts from the previous solution's positive variables, which
 * usually are the new solution's, and so takes one least-squares solve instead of one per
 * active-set step. Results are the cold solve's bit for bit ({@link Nnls#solve(double[][],
 * double[], boolean[])}). Not thread-safe.
 */
public final class WarmNnls {
  private final boolean[] positive;

  /** For problems of {@code variables} unknowns. */
  public WarmNnls(int variables) {
    this.positive = new boolean[variables];
  }

  /** The solution x ≥ 0 of min ‖Ax − b‖, as {@link Nnls#solve(double[][], double[])} gives it. */
  public double[] solve(double[][] a, double[] b) {
    double[] x = Nnls.solve(a, b, positive);
    for (int j = 0; j < positive.length; j++) {
      positive[j] = x[j] > 0;
    }
    return x;
  }
}
