package dl2.report;

/** Forest plot of every scheduler's JCT ratio to one reference, with its paired 95 % interval. */
public final class RatioFigure {
  private RatioFigure() {}

  public static Figure of(ComparisonStats stats, Reference reference) {
    ForestChart chart = new ForestChart("Mean avg JCT relative to " + reference.label(),
        "mean avg JCT / " + reference.scheduler() + "'s (left of the dashed line: lower JCT)", 1);
    for (SchedulerRun run : stats.comparison().runs()) {
      if (!run.scheduler().equals(reference.scheduler())) {
        PairedComparison versus = stats.versus(run.scheduler(), reference);
        chart.add(run.scheduler(), versus.jctRatio(), versus.jctRatioInterval().low(), versus.jctRatioInterval().high());
      }
    }
    String name = "ratio-vs-" + reference.jsonKey().replace('_', '-');
    return new Figure(name, "Each scheduler's mean average JCT divided by " + reference.label() + "'s on the same "
        + stats.comparison().traceNames().size() + " traces; whiskers: 95 % interval of a paired bootstrap over traces. A whisker"
        + " that does not cross the dashed line at 1 is a clear difference.", chart.render());
  }
}
