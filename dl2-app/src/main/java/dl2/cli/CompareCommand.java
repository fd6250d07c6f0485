package dl2.cli;

import dl2.bounds.BoundDefect;
import dl2.console.Progress;
import dl2.evaluation.Evaluation;
import dl2.evaluation.TraceBounds;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.output.RunOutput;
import dl2.report.CompareSummary;
import dl2.report.Comparison;
import dl2.report.ComparisonReport;
import dl2.report.ComparisonStats;
import dl2.report.LearningCurveFigure;
import dl2.report.LowerBounds;
import dl2.report.ReportBuilder;
import dl2.report.RunCsv;
import dl2.report.SchedulerRun;
import dl2.report.TrainingCurve;
import dl2.run.CompareReportFiles;
import dl2.run.ComparisonRuns;
import dl2.run.CurveLevels;
import dl2.run.GpuTypeRows;
import dl2.run.LengthRows;
import dl2.simulation.StarvedRunException;
import dl2.workload.WorldKind;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 compare}: every baseline and DL2 on the same (by default test) traces; JCTs with tails
 * and waiting, ratios to each reference with paired intervals, and a verdict per reference.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Run every baseline under every placement (--placement), the placement-aware greedy, your own schedulers "
            + "(--scheduler-jar) and DL2 (the policy shipped for the preset, or --policy) on the same traces (by default test traces, new to training and checkpoint selection): mean "
            + "average JCT with its 95%% interval, JCT percentiles, waiting and makespan, the no-contention and capacity lower "
            + "bounds with the headroom between the best heuristic and the latter, and each scheduler's JCT ratio to "
            + "DRF, Optimus, optimus-fitted and the best heuristic with paired 95%% intervals.")
final class CompareCommand implements Runnable {

  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;
  @Mixin PlacementOptions placementOptions;
  @Mixin ExportOptions export;

  @Option(
      names = "--scheduler",
      paramLabel = "NAME[,NAME...]",
      split = ",",
      description =
          "Run only these schedulers, e.g. optimus-remaining@fewest-nodes,rollout@fewest-nodes (rollout runs only when "
              + "named), instead of every baseline under every placement.")
  List<String> only = new ArrayList<>();

  @Option(
      names = "--no-policy",
      description = "Leave out the policy shipped for the preset (DL2 is not compared).")
  boolean noPolicy;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Write DIR/"
              + CompareReportFiles.RESULTS_FILE
              + ", DIR/"
              + RunCsv.JOBS_FILE
              + ", DIR/"
              + RunCsv.SLOTS_FILE
              + " and an HTML report, DIR/index.html with its figures in DIR/figures/.")
  Path outDir;

  @Option(
      names = "--training-run",
      paramLabel = "DIR|CSV",
      description =
          "With --out: DL2's learning curve for the report, from a train/train-sl output directory or its CSV "
              + "(default: the curve beside the policy, if any).")
  Path trainingRun;

  @Override
  public void run() {
    export.check();
    if (outDir != null) {
      OutputPaths.checkDirectory("--out", outDir); // every output before any work
    }
    Evaluation base = options.experiment();
    // Under --lengths estimated or unknown the policy's state believes the posterior length, and a
    // policy trained for that setting, if one is shipped, runs in place of the preset's.
    boolean withPolicy = !noPolicy;
    Optional<Path> policyPath =
        policyOptions.policyFor(base.preset().name(), base.lengths().knowledge(), withPolicy);
    Optional<TrainingCurve> curve = trainingCurve(policyPath);
    Optional<PolicyFile> policy =
        policyOptions.loadFor(
            base.preset(), base.lengths().knowledge(), withPolicy, spec.commandLine().getErr());
    Evaluation experiment =
        base.withPolicy(policy, policyOptions.decoding())
            .withPlugins(pluginOptions.jars)
            .withPlacements(placementOptions.jars);
    int threads = options.threads(Runtime.getRuntime().availableProcessors());
    Optional<BoundDefect> defect;
    if (outDir == null) {
      defect = compare(experiment, policyPath, curve, threads, null);
    } else {
      try (RunOutput output =
          RunOutput.claim(CommandLines.of(spec), "--out", outDir, "compare report", null, false)) {
        if (output.earlier()) {
          // dl2's own earlier report: replaced whole, but not silently
          spec.commandLine()
              .getErr()
              .println("dl2: replacing the earlier compare report in " + outDir);
          spec.commandLine().getErr().flush();
        }
        defect = compare(experiment, policyPath, curve, threads, output);
      }
    }
    if (defect.isPresent()) { // after the outputs, so that they show what went wrong
      throw new BoundDefect.Found(defect.get());
    }
  }

  /**
   * The comparison, every input checked; with {@code output}, its report replaces the directory's
   * as a whole. Returns the bound's defect, if it is above a compared schedule.
   */
  private Optional<BoundDefect> compare(
      Evaluation experiment,
      Optional<Path> policyPath,
      Optional<TrainingCurve> curve,
      int threads,
      RunOutput output) {
    PrintWriter out = spec.commandLine().getOut();
    List<String> schedulers =
        !only.isEmpty()
            ? List.copyOf(only)
            : LengthRows.of(
                GpuTypeRows.of(
                    placementOptions.comparedSchedulers(
                        experiment.catalog().pluginNames(),
                        experiment.catalog().policy().map(p -> p.training().trainedPlacement()),
                        PlacementOptions.policyPlacesItself(experiment),
                        experiment.preset().world() == WorldKind.REALISTIC),
                    experiment),
                experiment);
    schedulers.forEach(experiment::check);
    int traceCount = experiment.traces().size();
    List<SchedulerRun> runs;
    try (Progress progress =
        Progress.of(
            "compare", (long) traceCount * schedulers.size(), spec.commandLine().getErr())) {
      runs = ComparisonRuns.runAll(experiment, schedulers, threads, progress);
    } catch (StarvedRunException stop) {
      throw PolicyOptions.naming(stop, policyPath);
    }
    Comparison comparison =
        new Comparison(
            experiment.preset().name(),
            experiment.baseSeed(),
            ComparisonRuns.traceNames(experiment),
            runs,
            ComparisonRuns.traceSetName(experiment),
            LengthRows.references(schedulers, experiment));
    ComparisonStats stats = new ComparisonStats(comparison);
    List<Double> reachable = ComparisonRuns.bestTotals(experiment, runs);
    LowerBounds bounds =
        new LowerBounds(
            TraceBounds.noContention(experiment),
            TraceBounds.capacity(experiment, reachable, threads));
    CompareSummary.print(
        out,
        schedulers,
        experiment,
        stats,
        bounds,
        policyPath.map(
            p ->
                p
                    + " ("
                    + experiment.catalog().policy().orElseThrow().training().provenance()
                    + ")"));
    ExportOptions.report(export.write(runs, null), out);
    if (output != null) {
      LearningCurveFigure.Levels levels =
          curve
              .map(c -> CurveLevels.measure(c, threads, spec.commandLine().getErr()))
              .orElse(new LearningCurveFigure.Levels("", List.of()));
      List<String> traceFiles =
          options.traceFiles.stream().map(p -> p.getFileName().toString()).toList();
      CompareReportFiles.write(
          outDir,
          output,
          comparison,
          runs,
          bounds,
          experiment.catalog().policy(),
          policyPath,
          new ComparisonReport.Extras(
              bounds, curve, levels, traceFiles, List.of(RunCsv.JOBS_FILE, RunCsv.SLOTS_FILE)));
      ExportOptions.report(
          List.of(outDir.resolve(RunCsv.JOBS_FILE), outDir.resolve(RunCsv.SLOTS_FILE)), out);
      out.println(
          "wrote "
              + outDir.resolve(CompareReportFiles.RESULTS_FILE)
              + " and "
              + outDir.resolve(ReportBuilder.INDEX));
    }
    out.flush();
    return BoundDefect.find(
        experiment.preset().name(), comparison.traceNames(), bounds.capacity(), reachable);
  }

  /**
   * The --training-run curve, read before any simulation so that a bad file fails fast; else the
   * policy's own.
   */
  private Optional<TrainingCurve> trainingCurve(Optional<Path> policyPath) {
    if (trainingRun != null) {
      if (outDir == null) {
        throw new InputException(
            "--training-run needs --out DIR: the learning curve goes into the report");
      }
      if (!java.nio.file.Files.isDirectory(trainingRun)) {
        OutputPaths.checkInput("--training-run", trainingRun);
      }
      return Optional.of(TrainingCurve.read(trainingRun));
    }
    if (outDir == null) {
      return Optional.empty();
    }
    return policyPath.flatMap(TrainingCurve::besidePolicy).map(TrainingCurve::read);
  }
}
