package dl2.report;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Bar chart of each scheduler's mean average JCT, ± one standard deviation over traces, labelled
 * with its ratio to DRF, and the no-contention lower bound dashed.
 */
public final class JctFigure {
  private JctFigure() {}

  public static Figure of(Comparison comparison, OptionalDouble lowerBound) {
    BarChart chart = new BarChart("Mean average JCT (" + comparison.workload() + ", " + comparison.traceNames().size() + " traces)",
        "average JCT (slots)");
    for (SchedulerRun run : comparison.runs()) {
      TraceStats stats = TraceStats.avgJct(run);
      String ratio = comparison.jctRatioToReference(run.scheduler())
          .map(r -> String.format(Locale.ROOT, "\n%.3f × " + Comparison.REFERENCE, r)).orElse("");
      chart.add(run.scheduler(), stats.mean(), stats.standardDeviation(), TextTable.format(stats.mean()) + ratio);
    }
    lowerBound.ifPresent(bound -> chart.reference("lower bound", bound));
    return new Figure("mean-jct", "Mean over traces of each trace's average JCT; error bars ± one standard deviation over traces; labels give the ratio to "
        + Comparison.REFERENCE + ";"
        + " dashed: the no-contention lower bound.", chart.render());
  }
}
