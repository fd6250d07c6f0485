package dl2.cli;

import dl2.cli.Dl2.InactiveOptions;
import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.run.ControllerBench;
import dl2.run.EmulatorInstalled;
import dl2.schedulers.registry.Schedulers;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 bench-controller}: one controller slot for a whole trace's jobs on the preset's
 * cluster.
 */
@Command(
    name = "bench-controller",
    mixinStandardHelpOptions = true,
    description =
        "Time controller slots for all jobs of one trace (the first generated one, or --trace FILE) on the preset's cluster "
            + "(paper-large: 200 jobs, 500 nodes), against the in-process API server.")
final class BenchControllerCommand implements Callable<Integer>, InactiveOptions {
  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;

  @Option(
      names = "--scheduler",
      defaultValue = Schedulers.DRF,
      paramLabel = "NAME",
      completionCandidates = SchedulerNames.class,
      description = SchedulerNames.HELP + " (default: ${DEFAULT-VALUE}).")
  String scheduler;

  /**
   * It times one trace (the first generated one, or one --trace FILE), one slot at a time, without
   * training.
   */
  @Override
  public List<String> inactiveOptions() {
    return List.of(
        "--traces",
        "--threads",
        "--speed-noise",
        "--scaling-cost",
        "--world",
        "--models",
        "--lengths",
        "--length-error");
  }

  @Override
  public Integer call() {
    EmulatorInstalled.require("bench-controller");
    Evaluation base = options.experiment(1);
    boolean runsPolicy = scheduler.equals(SchedulerCatalog.POLICY);
    Evaluation experiment =
        base.withPolicy(
                policyOptions.loadFor(base.preset(), runsPolicy, spec.commandLine().getErr()),
                policyOptions.decoding())
            .withPlugins(pluginOptions.jars);
    experiment.check(scheduler);
    if (experiment.traces().size() != 1) {
      throw new InputException("bench-controller times one trace: give at most one --trace FILE");
    }
    ControllerBench.run(experiment, scheduler, spec.commandLine().getOut());
    return 0;
  }
}
