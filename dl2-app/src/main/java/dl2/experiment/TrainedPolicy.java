package dl2.experiment;

import dl2.learning.PolicyFile;
import dl2.learning.rl.RlPoint;
import java.util.List;

/**
 * The outcome of one training run.
 *
 * @param label the run's label
 * @param curve validation points (greedy mean average JCT on the validation traces)
 * @param best the checkpoint with the lowest validation JCT
 * @param latest the last checkpoint (where a following phase continues)
 */
public record TrainedPolicy(String label, List<RlPoint> curve, PolicyFile best, PolicyFile latest) {
  public TrainedPolicy {
    curve = List.copyOf(curve);
    if (curve.isEmpty()) {
      throw new IllegalArgumentException("run " + label + " has no validation point");
    }
  }

  /** The best validation JCT: the original harness' figure of merit (dl2-spec §7.12). */
  public double bestJct() {
    return bestPoint().validationJct();
  }

  public long bestStep() {
    return bestPoint().step();
  }

  public double finalJct() {
    return curve.get(curve.size() - 1).validationJct();
  }

  /** The first validated step whose JCT is at most {@code target}, or -1. */
  public long firstStepAtOrBelow(double target) {
    return curve.stream().filter(p -> p.validationJct() <= target).mapToLong(RlPoint::step).findFirst().orElse(-1);
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
