package dl2.report;

/**
 * One scheduler against a reference on the same traces.
 *
 * @param jctRatio mean avg JCT divided by the reference's
 * @param jctRatioInterval its 95 % bootstrap interval
 * @param meanDifference mean over traces of (avg JCT − the reference's avg JCT), in slots
 * @param differenceInterval its 95 % bootstrap interval
 * @param tracesLower traces on which the scheduler's average JCT is lower (better)
 * @param tracesHigher traces on which it is higher (worse); the rest are ties
 * @param traces traces compared
 */
public record PairedComparison(
    double jctRatio,
    PairedBootstrap.Interval jctRatioInterval,
    double meanDifference,
    PairedBootstrap.Interval differenceInterval,
    int tracesLower,
    int tracesHigher,
    int traces) {
  public int tracesTied() {
    return traces - tracesLower - tracesHigher;
  }

  /** Whether the interval excludes "no difference" (a ratio of 1); false without an interval. */
  public boolean clearDifference() {
    return jctRatioInterval.defined() && !jctRatioInterval.contains(1);
  }
}
