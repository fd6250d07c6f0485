package dl2.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The schedulers a figure of compare's report shows: those within {@value #WITHIN_PERCENT} % of the
 * best heuristic's mean average JCT (of the best run, when every run is learned), and the learned
 * ones always, best first; at most {@code limit} of them, the learned ones kept. A scheduler far
 * behind would stretch the axis until the differences that matter (DL2 against the best heuristic,
 * a few per cent) vanish; it stays in the tables, and the caption names it.
 *
 * @param shown the runs drawn, by mean average JCT (ties in run order)
 * @param farBehind the schedulers more than {@value #WITHIN_PERCENT} % behind, in run order
 * @param overLimit close enough, but beyond the figure's limit of lines
 */
record Competitive(List<SchedulerRun> shown, List<String> farBehind, List<String> overLimit) {
  static final int WITHIN_PERCENT = 25;

  /** Line charts: more lines than this cannot be told apart. */
  static final int LINES = 8;

  Competitive {
    shown = List.copyOf(shown);
    farBehind = List.copyOf(farBehind);
    overLimit = List.copyOf(overLimit);
  }

  /** Every competitive scheduler. */
  static Competitive of(Comparison comparison) {
    return of(comparison, Integer.MAX_VALUE);
  }

  static Competitive of(Comparison comparison, int limit) {
    double best =
        comparison
            .bestHeuristic()
            .flatMap(comparison::run)
            .or(
                () ->
                    comparison.runs().stream()
                        .min(Comparator.comparingDouble(SchedulerRun::meanAvgJct)))
            .map(SchedulerRun::meanAvgJct)
            .orElse(Double.NaN);
    List<SchedulerRun> sorted =
        comparison.runs().stream()
            .sorted(Comparator.comparingDouble(SchedulerRun::meanAvgJct))
            .toList();
    long learned = sorted.stream().filter(r -> Comparison.isLearned(r.scheduler())).count();
    long heuristicPlaces = Math.max(0, limit - learned);
    List<SchedulerRun> shown = new ArrayList<>();
    List<SchedulerRun> overLimit = new ArrayList<>();
    for (SchedulerRun run : sorted) {
      boolean close = run.meanAvgJct() <= best * (1 + WITHIN_PERCENT / 100.0);
      if (Comparison.isLearned(run.scheduler()) || close && heuristicPlaces-- > 0) {
        shown.add(run);
      } else if (close) {
        overLimit.add(run);
      }
    }
    List<String> farBehind =
        comparison.runs().stream()
            .filter(r -> !shown.contains(r) && !overLimit.contains(r))
            .map(SchedulerRun::scheduler)
            .toList();
    List<String> over =
        comparison.runs().stream()
            .filter(overLimit::contains)
            .map(SchedulerRun::scheduler)
            .toList();
    return new Competitive(shown, farBehind, over);
  }

  /** A caption's last sentence: who is not drawn, and why; empty when everyone is. */
  String captionNote() {
    List<String> parts = new ArrayList<>();
    if (!farBehind.isEmpty()) {
      parts.add(
          String.join(", ", farBehind)
              + " (more than "
              + WITHIN_PERCENT
              + " % above the best heuristic's mean average JCT)");
    }
    if (!overLimit.isEmpty()) {
      parts.add(String.join(", ", overLimit) + " (only " + LINES + " lines are drawn)");
    }
    return parts.isEmpty()
        ? ""
        : " Not drawn, but in the tables: " + String.join("; ", parts) + ".";
  }
}
