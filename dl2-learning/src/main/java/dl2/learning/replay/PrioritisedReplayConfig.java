package dl2.learning.replay;

/**
 * Every constant of the prioritised replay (dl2-spec §7.9), with the original's defaults.
 *
 * @param capacity stored samples, oldest overwritten first (8192)
 * @param minInsertionPriority floor of the insertion priority p = max(floor, r − r̄) (1)
 * @param betaStart β_IS before the first sampling call (0.1)
 * @param betaIncrement added to β_IS before each sampling call, capped at 1 (0.0001)
 * @param errorEpsilon added to |δ| so no sample's priority reaches 0 (0.01)
 * @param errorCap |δ| + ε is clipped to this before the exponent (4, the original's cap with the
 *     mean-reward baseline)
 * @param priorityExponent α in p = min(|δ| + ε, cap)^α (0.9)
 */
public record PrioritisedReplayConfig(
    int capacity,
    double minInsertionPriority,
    double betaStart,
    double betaIncrement,
    double errorEpsilon,
    double errorCap,
    double priorityExponent) {

  public PrioritisedReplayConfig {
    if (capacity < 1
        || !(minInsertionPriority > 0)
        || !(betaStart >= 0 && betaStart <= 1)
        || !(betaIncrement >= 0)
        || !(errorEpsilon > 0)
        || !(errorCap >= errorEpsilon)
        || !(priorityExponent > 0)
        || !Double.isFinite(minInsertionPriority + betaIncrement + errorCap + priorityExponent)) {
      throw new IllegalArgumentException("invalid prioritised replay settings: " + this);
    }
  }

  /**
   * The original's settings: capacity 8192, floor 1, β_IS 0.1 + 0.0001 per call, ε 0.01, cap 4, α
   * 0.9.
   */
  public static PrioritisedReplayConfig defaults() {
    return new PrioritisedReplayConfig(8192, 1.0, 0.1, 0.0001, 0.01, 4.0, 0.9);
  }

  public PrioritisedReplayConfig withCapacity(int newCapacity) {
    return new PrioritisedReplayConfig(
        newCapacity,
        minInsertionPriority,
        betaStart,
        betaIncrement,
        errorEpsilon,
        errorCap,
        priorityExponent);
  }

  public PrioritisedReplayConfig withBeta(double start, double increment) {
    return new PrioritisedReplayConfig(
        capacity, minInsertionPriority, start, increment, errorEpsilon, errorCap, priorityExponent);
  }

  /** p = min(|δ| + ε, cap)^α: the priority a sample gets after a TD error δ. */
  public double priorityOf(double tdError) {
    if (!Double.isFinite(tdError)) {
      throw new IllegalArgumentException("TD error must be finite: " + tdError);
    }
    return StrictMath.pow(Math.min(Math.abs(tdError) + errorEpsilon, errorCap), priorityExponent);
  }
}
