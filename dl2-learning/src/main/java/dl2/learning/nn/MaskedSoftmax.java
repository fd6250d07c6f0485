package dl2.learning.nn;

/**
 * The behaviour distribution q = softmax(z)⊙m / Σ softmax(z)⊙m (dl2-spec §7.2), computed as a
 * softmax over the unmasked logits only, shifted by their maximum: equal in exact arithmetic, never
 * overflows, and masked actions get exactly 0.
 */
public final class MaskedSoftmax {
  private MaskedSoftmax() {}

  /**
   * Writes q into {@code out} (may be {@code logits} itself) and returns it.
   *
   * @throws IllegalArgumentException if every action is masked
   */
  public static double[] probabilities(double[] logits, boolean[] mask, double[] out) {
    double max = maxUnmasked(logits, mask);
    double sum = 0.0;
    for (int k = 0; k < logits.length; k++) {
      double e = mask[k] ? StrictMath.exp(logits[k] - max) : 0.0;
      out[k] = e;
      sum += e;
    }
    for (int k = 0; k < out.length; k++) {
      out[k] /= sum;
    }
    return out;
  }

  /** log q_k for an unmasked {@code k}, via the log-softmax (finite even if q_k underflows). */
  public static double logProbability(double[] logits, boolean[] mask, int k) {
    if (!mask[k]) {
      throw new IllegalArgumentException("action " + k + " is masked");
    }
    double max = maxUnmasked(logits, mask);
    double sum = 0.0;
    for (int j = 0; j < logits.length; j++) {
      if (mask[j]) {
        sum += StrictMath.exp(logits[j] - max);
      }
    }
    return logits[k] - max - StrictMath.log(sum);
  }

  /** The unmasked action of highest q; ties go to the lowest index. */
  public static int argmax(double[] q, boolean[] mask) {
    int best = -1;
    for (int k = 0; k < q.length; k++) {
      if (mask[k] && (best < 0 || q[k] > q[best])) {
        best = k;
      }
    }
    if (best < 0) {
      throw new IllegalArgumentException("every action is masked");
    }
    return best;
  }

  /**
   * Inverse-CDF sampling: the first unmasked index whose cumulative q exceeds {@code u} ∈ [0, 1).
   * If rounding leaves the total below u, the last action with q > 0 is returned. The original's
   * draw is {@code u = k/100000} with k uniform in 1..99999 (dl2-spec §7.3).
   */
  public static int sample(double[] q, boolean[] mask, double u) {
    if (!(u >= 0.0 && u < 1.0)) {
      throw new IllegalArgumentException("uniform draw must be in [0, 1): " + u);
    }
    double cumulative = 0.0;
    int lastPositive = -1;
    for (int k = 0; k < q.length; k++) {
      if (!mask[k] || q[k] <= 0.0) {
        continue;
      }
      cumulative += q[k];
      lastPositive = k;
      if (cumulative > u) {
        return k;
      }
    }
    if (lastPositive < 0) {
      throw new IllegalArgumentException("no unmasked action has positive probability");
    }
    return lastPositive;
  }

  private static double maxUnmasked(double[] logits, boolean[] mask) {
    if (logits.length != mask.length) {
      throw new IllegalArgumentException(
          "logits and mask differ in length: " + logits.length + " vs " + mask.length);
    }
    double max = Double.NEGATIVE_INFINITY;
    boolean any = false;
    for (int k = 0; k < logits.length; k++) {
      if (mask[k]) {
        max = any ? Math.max(max, logits[k]) : logits[k];
        any = true;
      }
    }
    if (!any) {
      throw new IllegalArgumentException("every action is masked");
    }
    return max;
  }
}
