package dl2.report;

/**
 * Percentiles by the nearest-rank rule: the smallest value with at least p % of the values at or
 * below it.
 */
public final class Percentiles {
  private Percentiles() {}

  /**
   * The {@code percent}-th percentile (0 < percent ≤ 100) of {@code sorted} (ascending); NaN when
   * empty.
   */
  public static double nearestRank(double[] sorted, double percent) {
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("a percentile must be in (0, 100]: " + percent);
    }
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(percent / 100 * sorted.length);
    return sorted[Math.max(1, rank) - 1];
  }
}
