package dl2.report;

import java.util.Locale;

/**
 * Each competitive scheduler's mean average JCT with its 95 % interval over traces, best first,
 * with the ratio to DRF at the right and the no-contention and capacity lower bounds dashed.
 */
public final class JctFigure {
  private JctFigure() {}

  public static Figure of(ComparisonStats stats, LowerBounds bounds) {
    Comparison comparison = stats.comparison();
    Competitive competitive = Competitive.of(comparison);
    IntervalChart chart =
        new IntervalChart(
            "Mean average JCT ("
                + comparison.workload()
                + ", "
                + comparison.traceNames().size()
                + " traces)",
            "mean average JCT (slots)");
    for (SchedulerRun run : competitive.shown()) {
      String ratio =
          comparison
              .jctRatioToReference(run.scheduler())
              .map(r -> String.format(Locale.ROOT, " (%.3f × %s)", r, Comparison.REFERENCE))
              .orElse("");
      PairedBootstrap.Interval interval = stats.meanInterval(run.scheduler());
      chart.row(
          run.scheduler(),
          run.meanAvgJct(),
          interval.low(),
          interval.high(),
          TextTable.format(run.meanAvgJct()) + ratio);
    }
    if (!bounds.isEmpty()) {
      chart.line("capacity bound", bounds.meanCapacity());
      chart.line("no-contention bound", bounds.meanNoContention());
    }
    return new Figure(
        "mean-jct",
        "Mean over traces of each trace's average JCT, best first, with the ratio to "
            + Comparison.REFERENCE
            + " at the right; whiskers: 95 % bootstrap interval of that mean over traces (they show how much"
            + " the traces differ, not whether two schedulers differ: the paired ratios answer that)"
            + (bounds.isEmpty()
                ? "."
                : "; dashed: the capacity and the no-contention lower bounds.")
            + competitive.captionNote(),
        chart.render("mean-jct"));
  }
}
