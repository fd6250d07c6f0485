package dl2.cli;

import dl2.console.Progress;
import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.output.OwnFile;
import dl2.report.Comparison;
import dl2.report.ResultsJson;
import dl2.report.SchedulerRun;
import dl2.run.ComparisonRuns;
import dl2.run.SimulationReport;
import dl2.simulation.StarvedRunException;
import dl2.slot.SchedulerName;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 simulate}: one scheduler on the traces; a table per trace, optionally JSON (dl2-spec
 * §5.3).
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = "Run one scheduler on the traces and report average JCT and makespan (in slots).")
public final class SimulateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;
  @Mixin PlacementOptions placementOptions;
  @Mixin ExportOptions export;

  @Option(
      names = "--scheduler",
      required = true,
      paramLabel = "NAME",
      completionCandidates = SchedulerNames.class,
      description = SchedulerNames.HELP + ".")
  String scheduler;

  @Option(
      names = "--json",
      paramLabel = "FILE|-",
      description =
          "Also write the results as JSON to FILE, or only JSON to stdout with '-' (the table goes to stderr).")
  String json;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    checkJson(json, export.force);
    export.check();
    Evaluation base = options.experiment();
    SchedulerName name = placementOptions.apply(scheduler);
    scheduler = name.toString();
    boolean runsPolicy = name.scheduler().equals(SchedulerCatalog.POLICY);
    Evaluation experiment =
        base.withPolicy(
                PolicyOptions.notingPlacement(
                    policyOptions.loadFor(
                        base.preset(), base.lengths().knowledge(), runsPolicy, err),
                    name,
                    err),
                policyOptions.decoding())
            .withPlugins(pluginOptions.jars)
            .withPlacements(placementOptions.jars);
    experiment.check(scheduler);
    int threads = options.threads(Runtime.getRuntime().availableProcessors());
    int traceCount = experiment.traces().size();
    SchedulerRun run;
    try (Progress progress = Progress.of(scheduler, traceCount, err)) {
      run = ComparisonRuns.run(experiment, scheduler, threads, progress);
    } catch (StarvedRunException stop) {
      throw PolicyOptions.naming(
          stop,
          policyOptions.policyFor(base.preset().name(), base.lengths().knowledge(), runsPolicy));
    }
    SimulationReport.print(title(experiment), run, experiment, json, out, err);
    ExportOptions.report(export.write(List.of(run), null), "-".equals(json) ? err : out);
    return 0;
  }

  private String title(Evaluation experiment) {
    return scheduler
        + " on "
        + experiment.preset().name()
        + " ("
        + experiment.preset().cluster().nodes()
        + " nodes, "
        + (ComparisonRuns.traceSetName(experiment).equals(Comparison.FILES)
            ? "trace files"
            : ComparisonRuns.traceSetName(experiment) + " traces")
        + ", seed "
        + experiment.baseSeed()
        + (experiment.lengths().exact() ? "" : ", lengths " + experiment.lengths().label())
        + "); times in slots";
  }

  /** What {@code --json} writes, and recognises before it replaces a file. */
  static final OwnFile SIMULATION_JSON =
      OwnFile.json(
          "a simulation JSON",
          ResultsJson.SIMULATION_FORMAT,
          List.of("scheduler", "workload", "traces"));

  /** Checks the {@code --json} target before any work ("-" is stdout). */
  static void checkJson(String json, boolean force) {
    if (json != null && !json.equals("-")) {
      try {
        SIMULATION_JSON.checkReplaceable("--json", Path.of(json), force);
      } catch (java.nio.file.InvalidPathException e) {
        throw new InputException("--json " + json + ": not a valid path (" + e.getReason() + ")");
      }
    }
  }
}
