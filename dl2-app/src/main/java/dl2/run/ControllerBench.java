package dl2.run;

import dl2.emulator.ControllerBenchmark;
import dl2.evaluation.Evaluation;
import dl2.kubernetes.controller.SlotReport;
import dl2.model.Trace;
import dl2.report.TextTable;
import dl2.simulation.SimulationConfig;
import java.io.PrintWriter;

/**
 * What {@code dl2 bench-controller} runs once its options are checked, kept apart from the command
 * so that the command line builds where the emulator is not installed.
 */
public final class ControllerBench {
  private ControllerBench() {}

  /**
   * Times the controller's slots for the experiment's one trace and prints the table to {@code
   * out}.
   */
  public static void run(Evaluation experiment, String scheduler, PrintWriter out) {
    Trace trace = experiment.traces().get(0).trace();
    SimulationConfig config = experiment.config();
    ControllerBenchmark.Result result =
        ControllerBenchmark.run(
            config.cluster(),
            trace,
            config.taskCap(),
            config.slotSeconds(),
            experiment.speed(),
            () -> experiment.newScheduler(scheduler, 0));
    out.printf(
        "%s: %d jobs on %d nodes, in-process API server%n",
        scheduler, trace.size(), config.cluster().nodes());
    TextTable table =
        new TextTable("slot", "workers", "PS", "pods +", "pods -", "decision ms", "slot ms");
    row(table, "first", result.first());
    row(table, "steady", result.steady());
    row(table, "half done", result.resize());
    out.print(table.render());
  }

  private static void row(TextTable table, String name, SlotReport r) {
    table.row(
        name,
        r.workers(),
        r.parameterServers(),
        r.podsCreated(),
        r.podsDeleted(),
        r.decisionMillis(),
        r.slotMillis());
  }
}
