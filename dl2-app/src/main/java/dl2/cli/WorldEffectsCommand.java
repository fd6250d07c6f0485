package dl2.cli;

import dl2.console.Progress;
import dl2.evaluation.Evaluation;
import dl2.evaluation.WorldEffectRuns;
import dl2.io.InputException;
import dl2.report.TextTable;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.world.WorldEffects;
import dl2.workload.WorldKind;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 world-effects}: what the realistic world does to each scheduler's jobs
 * (docs/realistic-world.md).
 */
@Command(
    name = "world-effects",
    mixinStandardHelpOptions = true,
    description =
        "Run schedulers in the realistic world and report, per scheduler, the mean effect of per-job speed "
            + "variation, placement, co-location interference and fluctuation over all training job-slots.")
final class WorldEffectsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;

  @Option(
      names = "--scheduler",
      paramLabel = "NAME",
      split = ",",
      description = "Baselines to run, comma-separated (default: every baseline).")
  List<String> schedulers = new ArrayList<>();

  @Override
  public Integer call() {
    Evaluation experiment = options.experiment();
    if (experiment.preset().world() != WorldKind.REALISTIC) {
      throw new InputException("world-effects measures the realistic world: add --world realistic");
    }
    List<String> names = schedulers.isEmpty() ? Schedulers.BASELINES : schedulers;
    names.forEach(experiment::check);
    int threads = options.threads(Runtime.getRuntime().availableProcessors());
    int traceCount = experiment.traces().size();
    PrintWriter out = spec.commandLine().getOut();
    TextTable table =
        new TextTable(
            "scheduler",
            "job-slots",
            "variation",
            "placement",
            "interference",
            "slowed",
            "fluctuation");
    try (Progress progress =
        Progress.of(
            "world-effects", (long) traceCount * names.size(), spec.commandLine().getErr())) {
      for (String name : names) {
        WorldEffects e =
            WorldEffects.pooled(WorldEffectRuns.of(experiment, name, threads, progress::step));
        table.row(
            name,
            e.jobSlots(),
            e.variation(),
            e.placement(),
            e.interference(),
            e.slowedFraction(),
            e.fluctuation());
      }
    }
    out.println(
        "realistic-world effects on "
            + experiment.preset().name()
            + " ("
            + traceCount
            + " traces, seed "
            + experiment.baseSeed()
            + "): mean over training job-slots of the speed with the effect / without it");
    out.print(table.render());
    out.println(
        "interference: 1 - value = mean slowdown from co-located tasks of other jobs; slowed = share of job-slots "
            + "slowed at all");
    out.flush();
    return 0;
  }
}
