package dl2.report;

/**
 * Each competitive scheduler's mean makespan, ± one standard deviation over traces, best mean JCT
 * first.
 */
public final class MakespanFigure {
  private MakespanFigure() {}

  public static Figure of(Comparison comparison) {
    Competitive competitive = Competitive.of(comparison);
    IntervalChart chart =
        new IntervalChart("Mean makespan (" + comparison.workload() + ")", "makespan (slots)");
    for (SchedulerRun run : competitive.shown()) {
      TraceStats stats = TraceStats.makespan(run);
      chart.row(
          run.scheduler(),
          stats.mean(),
          stats.mean() - stats.standardDeviation(),
          stats.mean() + stats.standardDeviation(),
          TextTable.format(stats.mean()));
    }
    return new Figure(
        "makespan",
        "Mean makespan over traces (end of the last job, from the start of slot 0), in the order of"
            + " mean average JCT; whiskers ± one standard deviation."
            + competitive.captionNote(),
        chart.render("makespan"));
  }
}
