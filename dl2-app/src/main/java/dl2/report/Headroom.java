package dl2.report;

import dl2.evaluation.SchedulerCatalog;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How much any scheduler could still gain over the best heuristic, by a lower bound: headroom =
 * (best heuristic − bound) / best heuristic, on mean average JCT; and the share of it a learned
 * scheduler closed, (best heuristic − learned) / (best heuristic − bound), negative when it is
 * behind the best heuristic and left out when there is (almost) no headroom.
 *
 * @param bestHeuristic the scheduler that is not learned with the lowest mean average JCT
 * @param bestHeuristicJct its mean average JCT
 * @param bound the lower bound's mean average JCT
 * @param learnedJct the learned scheduler's (dl2's) mean average JCT, if it ran
 */
public record Headroom(
    String bestHeuristic, double bestHeuristicJct, double bound, OptionalDouble learnedJct) {
  /** The learned scheduler whose share is reported. */
  public static final String LEARNED = SchedulerCatalog.POLICY;

  /**
   * Below this headroom a share of it says nothing (a gap of 0.01 % makes a 0.1 % difference a
   * share of 10).
   */
  public static final double LEAST_HEADROOM = 0.001;

  /**
   * The headroom of {@code comparison} above {@code bound}; empty if every scheduler is learned.
   */
  public static Optional<Headroom> of(Comparison comparison, double bound) {
    return comparison
        .bestHeuristic()
        .map(
            best ->
                new Headroom(
                    best,
                    comparison.run(best).orElseThrow().meanAvgJct(),
                    bound,
                    comparison
                        .run(LEARNED)
                        .map(r -> OptionalDouble.of(r.meanAvgJct()))
                        .orElse(OptionalDouble.empty())));
  }

  /** (best heuristic − bound) / best heuristic. */
  public double fraction() {
    return (bestHeuristicJct - bound) / bestHeuristicJct;
  }

  /**
   * (best heuristic − learned) / (best heuristic − bound); empty without the learned scheduler or
   * when the headroom is below {@link #LEAST_HEADROOM}.
   */
  public OptionalDouble learnedShare() {
    double gap = bestHeuristicJct - bound;
    return learnedJct.isPresent() && fraction() >= LEAST_HEADROOM
        ? OptionalDouble.of((bestHeuristicJct - learnedJct.getAsDouble()) / gap)
        : OptionalDouble.empty();
  }
}
