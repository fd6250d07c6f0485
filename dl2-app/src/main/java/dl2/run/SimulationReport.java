package dl2.run;

import dl2.evaluation.Evaluation;
import dl2.io.OutputPaths;
import dl2.report.ResultsJson;
import dl2.report.SchedulerRun;
import dl2.report.TextTable;
import dl2.report.TraceOutcome;
import java.io.PrintWriter;
import java.nio.file.Path;

/** What {@code simulate} and {@code cluster-emulator} print of one scheduler's run. */
public final class SimulationReport {
  private SimulationReport() {}

  /**
   * The table (on stdout, or on stderr when the JSON goes to stdout) and, with {@code json}, the
   * simulation JSON written to that file or, for "-", to stdout.
   */
  public static void print(
      String title,
      SchedulerRun run,
      Evaluation experiment,
      String json,
      PrintWriter out,
      PrintWriter err) {
    String jsonText =
        ResultsJson.toJson(
            ResultsJson.simulation(
                run,
                experiment.preset().name(),
                experiment.baseSeed(),
                ComparisonRuns.traceSetName(experiment)));
    boolean jsonToStdout = "-".equals(json);
    PrintWriter tableOut = jsonToStdout ? err : out;
    tableOut.print(title + System.lineSeparator() + table(run));
    tableOut.flush();
    if (jsonToStdout) {
      out.print(jsonText);
      out.flush();
    } else if (json != null) {
      OutputPaths.writeText(Path.of(json), jsonText);
      out.println("wrote " + json);
    }
  }

  public static String table(SchedulerRun run) {
    TextTable table = new TextTable("trace", "jobs", "avg JCT", "avg wait", "makespan");
    for (TraceOutcome trace : run.traces()) {
      table.row(
          trace.name(),
          trace.jobs().size(),
          trace.avgJctSlots(),
          trace.avgWaitingSlots(),
          trace.makespanSlots());
    }
    table.rule().row("mean", "", run.meanAvgJct(), run.meanWaitingSlots(), run.meanMakespan());
    return table.render();
  }
}
