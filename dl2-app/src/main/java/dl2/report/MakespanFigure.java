package dl2.report;

/** Bar chart of each scheduler's mean makespan, ± one standard deviation over traces. */
public final class MakespanFigure {
  private MakespanFigure() {}

  public static Figure of(Comparison comparison) {
    BarChart chart = new BarChart("Mean makespan (" + comparison.workload() + ")", "makespan (slots)");
    for (SchedulerRun run : comparison.runs()) {
      TraceStats stats = TraceStats.makespan(run);
      chart.add(run.scheduler(), stats.mean(), stats.standardDeviation());
    }
    return new Figure("makespan", "Mean makespan over traces (end of the last job, from the start of slot 0);"
        + " error bars ± one standard deviation.", chart.render());
  }
}
