package dl2.report;

import java.util.Locale;

/**
 * Bar chart of each scheduler's mean average JCT with its 95 % interval over traces, labelled
 * with its ratio to DRF, and the no-contention and capacity lower bounds dashed.
 */
public final class JctFigure {
  private JctFigure() {}

  public static Figure of(ComparisonStats stats, LowerBounds bounds) {
    Comparison comparison = stats.comparison();
    BarChart chart = new BarChart("Mean average JCT (" + comparison.workload() + ", " + comparison.traceNames().size() + " traces)",
        "average JCT (slots)");
    for (SchedulerRun run : comparison.runs()) {
      String ratio = comparison.jctRatioToReference(run.scheduler())
          .map(r -> String.format(Locale.ROOT, "\n%.3f × " + Comparison.REFERENCE, r)).orElse("");
      PairedBootstrap.Interval interval = stats.meanInterval(run.scheduler());
      chart.add(run.scheduler(), run.meanAvgJct(), interval.low(), interval.high(), TextTable.format(run.meanAvgJct()) + ratio);
    }
    if (!bounds.isEmpty()) {
      chart.reference("no-contention bound", bounds.meanNoContention());
      chart.reference("capacity bound", bounds.meanCapacity());
    }
    return new Figure("mean-jct", "Mean over traces of each trace's average JCT; error bars: 95 % bootstrap interval of that mean"
        + " over traces (they show how much the traces differ, not whether two schedulers differ: the paired ratios below answer"
        + " that); labels give the ratio to " + Comparison.REFERENCE + "; dashed: the no-contention and the capacity lower bounds.",
        chart.render());
  }
}
