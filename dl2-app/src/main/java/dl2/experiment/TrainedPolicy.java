package dl2.experiment;

import dl2.learning.file.PolicyFile;
import dl2.learning.rl.RlPoint;
import java.util.List;

/**
 * The outcome of one training run. The curve is on validation traces (which also pick the best
 * checkpoint); the reported JCTs are on test traces, which did neither.
 *
 * @param label the run's label
 * @param curve validation points (greedy mean average JCT on the validation traces)
 * @param best the checkpoint with the lowest validation JCT
 * @param latest the last checkpoint (where a following phase continues)
 * @param bestTestJct the best checkpoint's greedy mean average JCT on the test traces
 * @param finalTestJct the last checkpoint's, on the same test traces
 */
public record TrainedPolicy(
    String label,
    List<RlPoint> curve,
    PolicyFile best,
    PolicyFile latest,
    double bestTestJct,
    double finalTestJct) {
  public TrainedPolicy {
    curve = List.copyOf(curve);
    if (curve.isEmpty()) {
      throw new IllegalArgumentException("run " + label + " has no validation point");
    }
  }

  /** The best checkpoint's JCT on the test traces: what a study reports. */
  public double bestJct() {
    return bestTestJct;
  }

  /** The best validation JCT: the original harness' (optimistic) figure of merit. */
  public double bestValidationJct() {
    return bestPoint().validationJct();
  }

  public long bestStep() {
    return bestPoint().step();
  }

  /** The last checkpoint's JCT on the test traces. */
  public double finalJct() {
    return finalTestJct;
  }

  /** The first validated step whose JCT is at most {@code target}, or -1. */
  public long firstStepAtOrBelow(double target) {
    return curve.stream()
        .filter(p -> p.validationJct() <= target)
        .mapToLong(RlPoint::step)
        .findFirst()
        .orElse(-1);
  }

  private RlPoint bestPoint() {
    RlPoint best = curve.get(0);
    for (RlPoint p : curve) {
      if (p.validationJct() < best.validationJct()) {
        best = p;
      }
    }
    return best;
  }
}
