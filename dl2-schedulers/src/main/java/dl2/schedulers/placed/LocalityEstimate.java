package dl2.schedulers.placed;

/**
 * The locality factor λ as measured online: the communication cost of a worker–PS pair on one node
 * relative to one across nodes, shared by every job (Pollux fits intra- and inter-node
 * synchronisation the same way). It is the λ of a grid, 0.05 to 1 in steps of 0.05, under which the
 * jobs' fitted curves explain their clean measurements best (least total squared relative error,
 * each job's θ refitted per λ): a profile likelihood. Only jobs with more clean (p, w, L) groups
 * than the curve has coefficients say anything; until one does, λ is {@link #PRIOR}: no locality
 * effect is assumed, and consolidation only breaks ties.
 */
final class LocalityEstimate {
  /** Before any measurement: traffic within a node costs what traffic across nodes does. */
  static final double PRIOR = 1;

  /** Clean groups a job needs to take part: more than the curve's five coefficients. */
  static final int MIN_GROUPS = 6;

  private static final int GRID = 20;

  private double lambda = PRIOR;

  /** Whether λ was given (a diagnostic told the world's), so that nothing re-estimates it. */
  private final boolean given;

  LocalityEstimate() {
    this.given = false;
  }

  /** λ fixed at {@code given}: the diagnostic that tells the greedy the world's λ. */
  LocalityEstimate(double given) {
    this.lambda = given;
    this.given = true;
  }

  double lambda() {
    return lambda;
  }

  /** Re-estimates λ from {@code fits} (in a fixed order); keeps it when none is informative. */
  void update(Iterable<PlacedSpeedFit> fits) {
    if (given) {
      return;
    }
    double[] residual = new double[GRID];
    boolean informative = false;
    for (PlacedSpeedFit fit : fits) {
      if (fit.cleanGroups() < MIN_GROUPS) {
        continue;
      }
      informative = true;
      for (int g = 0; g < GRID; g++) {
        residual[g] += fit.cleanResidual(grid(g));
      }
    }
    if (!informative) {
      return;
    }
    int best = GRID - 1;
    for (int g = GRID - 2; g >= 0; g--) {
      if (residual[g] < residual[best]) {
        best = g; // strictly better only: ties keep the larger λ, the weaker claim
      }
    }
    lambda = grid(best);
  }

  private static double grid(int g) {
    return (g + 1) / (double) GRID;
  }
}
