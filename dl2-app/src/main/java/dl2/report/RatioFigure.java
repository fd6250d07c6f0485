package dl2.report;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Forest plot of the competitive schedulers' JCT ratios to one reference, each with its paired 95 %
 * interval and its numbers at the right, best first; a log axis when the ratios span a wide range.
 */
public final class RatioFigure {
  private RatioFigure() {}

  public static Figure of(ComparisonStats stats, Reference reference) {
    Competitive competitive = Competitive.of(stats.comparison());
    List<SchedulerRun> rows =
        competitive.shown().stream()
            .filter(r -> !r.scheduler().equals(reference.scheduler()))
            .sorted(
                Comparator.comparingDouble(r -> stats.versus(r.scheduler(), reference).jctRatio()))
            .toList();
    IntervalChart chart =
        new IntervalChart(
            "Mean avg JCT relative to " + reference.label(),
            "mean avg JCT / " + reference.scheduler() + "'s (left of the dashed line: lower JCT)");
    for (SchedulerRun run : rows) {
      PairedComparison versus = stats.versus(run.scheduler(), reference);
      PairedBootstrap.Interval interval = versus.jctRatioInterval();
      chart.row(
          run.scheduler(),
          versus.jctRatio(),
          interval.low(),
          interval.high(),
          label(versus.jctRatio(), interval));
    }
    chart.line("", 1);
    String name = "ratio-vs-" + reference.jsonKey().replace('_', '-');
    return new Figure(
        name,
        "Each scheduler's mean average JCT divided by "
            + reference.label()
            + "'s on the same "
            + stats.comparison().traceNames().size()
            + " traces"
            + (chart.logScale() ? " (log scale)" : "")
            + ", best first;"
            + " whiskers and brackets: 95 % interval of a paired bootstrap over traces. A whisker that does not cross the dashed"
            + " line at 1 is a clear difference."
            + competitive.captionNote(),
        chart.render(name));
  }

  /** "1.018 [1.015, 1.021]", or the ratio alone without an interval. */
  static String label(double ratio, PairedBootstrap.Interval interval) {
    if (!Double.isFinite(interval.low()) || !Double.isFinite(interval.high())) {
      return String.format(Locale.ROOT, "%.3f", ratio);
    }
    return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, interval.low(), interval.high());
  }
}
