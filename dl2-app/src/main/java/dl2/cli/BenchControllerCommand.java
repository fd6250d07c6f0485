package dl2.cli;

import dl2.io.InputException;
import dl2.kubernetes.ControllerBenchmark;
import dl2.kubernetes.SlotReport;
import dl2.model.Trace;
import dl2.report.TextTable;
import dl2.simulation.SimulationConfig;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 bench-controller}: one controller slot for a whole trace's jobs on the preset's cluster. */
@Command(name = "bench-controller", mixinStandardHelpOptions = true,
    description = "Time controller slots for all jobs of one trace (the first generated one, or --trace FILE) on the preset's cluster "
        + "(paper-large: 200 jobs, 500 nodes), against the in-process API server.")
final class BenchControllerCommand implements Callable<Integer>, InactiveOptions {
  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;

  @Option(names = "--scheduler", defaultValue = "drf", paramLabel = "NAME",
      description = "Baseline drf, fifo, srtf, tetris, optimus or optimus-fitted, dl2 (the --policy, or the preset's "
          + "shipped policy), or one of your own from --scheduler-jar (default: ${DEFAULT-VALUE}).")
  String scheduler;

  /** It times one trace (the first generated one, or one --trace FILE), one slot at a time, without training. */
  @Override
  public List<String> inactiveOptions() {
    return List.of("--traces", "--threads", "--speed-noise", "--scaling-cost", "--world");
  }

  @Override
  public Integer call() {
    Experiment base = options.experiment(1);
    boolean runsPolicy = scheduler.equals(Experiment.POLICY_SCHEDULER);
    Experiment experiment = base.withPolicy(policyOptions.loadFor(base.preset(), runsPolicy, spec.commandLine().getErr()),
        policyOptions.decoding()).withPlugins(pluginOptions.load());
    experiment.checkScheduler(scheduler);
    if (experiment.traces().size() != 1) {
      throw new InputException("bench-controller times one trace: give at most one --trace FILE");
    }
    Trace trace = experiment.traces().get(0).trace();
    SimulationConfig config = experiment.config();
    ControllerBenchmark.Result result = ControllerBenchmark.run(config.cluster(), trace, config.taskCap(),
        config.slotSeconds(), experiment.speed(), () -> experiment.newScheduler(scheduler, 0));
    PrintWriter out = spec.commandLine().getOut();
    out.printf("%s: %d jobs on %d nodes, in-process API server%n", scheduler, trace.size(), config.cluster().nodes());
    TextTable table = new TextTable("slot", "workers", "PS", "pods +", "pods -", "decision ms", "slot ms");
    row(table, "first", result.first());
    row(table, "steady", result.steady());
    row(table, "half done", result.resize());
    out.print(table.render());
    return 0;
  }

  private static void row(TextTable table, String name, SlotReport r) {
    table.row(name, r.workers(), r.parameterServers(), r.podsCreated(), r.podsDeleted(), r.decisionMillis(), r.slotMillis());
  }
}
