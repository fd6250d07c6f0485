package dl2.schedulers.lengths;

/**
 * The Gittins index of a job that has attained service a, for job sizes S drawn from a sample
 * (Gittins; Aalto, Ayesta and Righter 2009): G(a) = max over Δ > 0 of P(S − a ≤ Δ | S > a) /
 * E[min(S − a, Δ) | S > a], the completion probability per unit of service invested for the best
 * quantum Δ. The maximum is reached at a sample point, so Δ runs over the sizes above a; O(n) per
 * index with prefix sums. A job past every sampled size gets index 0: nothing is known of it.
 */
final class GittinsIndex {
  private final double[] sizes;
  private final double[] prefix;

  /** {@code sortedSizes}: the sample, ascending. */
  GittinsIndex(double[] sortedSizes) {
    this.sizes = sortedSizes.clone();
    this.prefix = new double[sizes.length + 1];
    for (int i = 0; i < sizes.length; i++) {
      prefix[i + 1] = prefix[i] + sizes[i];
    }
  }

  /** G(a). */
  double at(double attained) {
    int n = sizes.length;
    int m = firstAbove(attained);
    double best = 0;
    for (int k = m; k < n; k++) {
      double finished = k - m + 1;
      double invested =
          (prefix[k + 1] - prefix[m]) - finished * attained + (n - 1 - k) * (sizes[k] - attained);
      best = Math.max(best, finished / invested);
    }
    return best;
  }

  private int firstAbove(double attained) {
    int lo = 0;
    int hi = sizes.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sizes[mid] > attained) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
