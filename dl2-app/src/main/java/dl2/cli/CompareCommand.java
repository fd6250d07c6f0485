package dl2.cli;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.AtomicFiles;
import dl2.io.DirectorySwap;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.output.RunOutput;
import dl2.report.Comparison;
import dl2.report.ComparisonReport;
import dl2.report.ComparisonStats;
import dl2.report.ComparisonText;
import dl2.report.LearningCurveFigure;
import dl2.report.ReportBuilder;
import dl2.report.ResultsJson;
import dl2.report.SchedulerRun;
import dl2.report.TrainingCurve;
import dl2.schedulers.Schedulers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dl2 compare}: every baseline and DL2 on the same (by default test) traces; JCTs with
 * tails and waiting, ratios to each reference with paired intervals, and a verdict per reference.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Run every baseline, your own schedulers (--scheduler-jar) and DL2 (the policy shipped for the preset, "
        + "or --policy) on the same traces (by default test traces, new to training and checkpoint selection): mean "
        + "average JCT with its 95%% interval, JCT percentiles, waiting and makespan, and each scheduler's JCT ratio to "
        + "DRF, Optimus, optimus-fitted and the best heuristic with paired 95%% intervals.")
final class CompareCommand implements Runnable {
  static final String RESULTS_FILE = "results.json";
  /** Below this many traces a bootstrap interval understates the uncertainty. */
  static final int FEW_TRACES = 10;

  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;
  @Mixin ExportOptions export;

  @Option(names = "--no-policy", description = "Leave out the policy shipped for the preset (DL2 is not compared).")
  boolean noPolicy;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Write DIR/" + RESULTS_FILE + ", DIR/" + ExportOptions.JOBS_FILE + ", DIR/" + ExportOptions.SLOTS_FILE
          + " and an HTML report, DIR/index.html with its figures in DIR/figures/.")
  Path outDir;

  @Option(names = "--training-run", paramLabel = "DIR|CSV",
      description = "With --out: DL2's learning curve for the report, from a train/train-sl output directory or its CSV "
          + "(default: the curve beside the policy, if any).")
  Path trainingRun;

  @Override
  public void run() {
    Evaluation base = options.experiment();
    export.check();
    Optional<Path> policyPath = policyOptions.policyFor(base.preset().name(), !noPolicy);
    Optional<TrainingCurve> curve = trainingCurve(policyPath);
    Optional<PolicyFile> policy = policyOptions.loadFor(base.preset(), !noPolicy, spec.commandLine().getErr());
    Evaluation experiment = base.withPolicy(policy, policyOptions.decoding()).withPlugins(pluginOptions.load());
    int threads = options.threads(Runtime.getRuntime().availableProcessors());
    if (outDir == null) {
      compare(experiment, policyPath, curve, threads, null);
      return;
    }
    try (RunOutput output = RunOutput.claim(CommandLines.of(spec), "--out", outDir, "compare report", null, false)) {
      compare(experiment, policyPath, curve, threads, output);
    }
  }

  /** The comparison, every input checked; with {@code output}, its report replaces the directory's as a whole. */
  private void compare(Evaluation experiment, Optional<Path> policyPath, Optional<TrainingCurve> curve, int threads,
      RunOutput output) {
    PrintWriter out = spec.commandLine().getOut();
    List<String> schedulers = new ArrayList<>(Schedulers.BASELINES);
    schedulers.addAll(experiment.catalog().pluginNames());
    if (experiment.catalog().policy().isPresent()) {
      schedulers.add(SchedulerCatalog.POLICY);
    }
    int traceCount = experiment.traces().size();
    List<SchedulerRun> runs;
    try (Progress progress = Progress.of("compare", (long) traceCount * schedulers.size(), spec.commandLine().getErr())) {
      runs = ComparisonRuns.runAll(experiment, schedulers, threads, progress);
    }
    Comparison comparison = new Comparison(experiment.preset().name(), experiment.baseSeed(), ComparisonRuns.traceNames(experiment), runs,
        ComparisonRuns.traceSetName(experiment));
    ComparisonStats stats = new ComparisonStats(comparison);
    List<Double> bounds = experiment.lowerBounds();
    printSummary(out, schedulers, experiment, stats, bounds, policyPath.map(p -> p + " (" + experiment.catalog().policy().orElseThrow()
        .training().provenance() + ")"));
    ExportOptions.report(export.write(runs, null), out);
    if (output != null) {
      ObjectNode tree = ResultsJson.withLowerBound(ResultsJson.comparison(comparison), bounds);
      experiment.catalog().policy().ifPresent(p -> tree.putObject("dl2_policy").put("file", policyPath.orElseThrow().toString())
          .put("training", p.training().provenance()).put("reward", p.training().reward())
          .put("oracle_trained", p.training().usesOracle()));
      String json = ResultsJson.toJson(tree);
      LearningCurveFigure.Levels levels = curve.map(c -> CurveLevels.measure(c, threads, spec.commandLine().getErr()))
          .orElse(new LearningCurveFigure.Levels("", List.of()));
      List<String> traceFiles = options.traceFiles.stream().map(p -> p.getFileName().toString()).toList();
      ComparisonReport.Extras extras = new ComparisonReport.Extras(bounds, curve, levels, traceFiles,
          List.of(ExportOptions.JOBS_FILE, ExportOptions.SLOTS_FILE));
      ReportBuilder report = ComparisonReport.build(comparison, extras, RESULTS_FILE);
      try {
        DirectorySwap.replace(outDir, List.of(), staging -> {
          AtomicFiles.writeString(staging.resolve(RESULTS_FILE), json);
          ExportOptions.writeInto(runs, staging);
          report.write(staging);
          output.markIn(staging);
        });
      } catch (IOException e) {
        throw new InputException("cannot write the report into " + outDir + ": " + OutputPaths.reason(e));
      }
      ExportOptions.report(List.of(outDir.resolve(ExportOptions.JOBS_FILE), outDir.resolve(ExportOptions.SLOTS_FILE)), out);
      out.println("wrote " + outDir.resolve(RESULTS_FILE) + " and " + outDir.resolve(ReportBuilder.INDEX));
    }
    out.flush();
  }

  /** The tables and verdicts on stdout, each line within 100 columns. */
  private static void printSummary(PrintWriter out, List<String> schedulers, Evaluation experiment, ComparisonStats stats,
      List<Double> bounds, Optional<String> policyLabel) {
    Comparison comparison = stats.comparison();
    out.println(schedulers.size() + " schedulers on " + experiment.preset().name() + " (" + experiment.preset().cluster().nodes()
        + " nodes); times in slots");
    out.println("traces: " + ComparisonText.traces(comparison) + "; base seed " + experiment.baseSeed());
    policyLabel.ifPresent(p -> out.println("dl2 = policy " + p));
    out.println();
    out.print(ComparisonText.mainTable(stats));
    double bound = bounds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    out.printf(Locale.ROOT, "no-contention lower bound: mean avg JCT %.3f (%.3f × drf): each job alone at its best (p, w)%n",
        bound, comparison.run(Comparison.REFERENCE).map(r -> bound / r.meanAvgJct()).orElse(Double.NaN));
    out.println("p50/p95/p99: JCT percentiles over all jobs; mean wait: slots from arrival to first allocation");
    out.println();
    out.println("JCT ratio to each reference (below 1: lower JCT) [95% interval, paired bootstrap over traces]");
    out.print(ComparisonText.ratioTable(stats));
    comparison.bestHeuristic().ifPresent(best -> out.println("* best heuristic: " + best
        + " (lowest mean avg JCT among the schedulers that are not learned)"));
    out.println();
    if (comparison.traceNames().size() < FEW_TRACES) {
      out.println("(only " + comparison.traceNames().size() + " traces: intervals from so few are too narrow; use --traces "
          + FEW_TRACES + " or more)");
    }
    ComparisonText.verdicts(stats).forEach(v -> v.lines().forEach(out::println));
  }

  /** The --training-run curve, read before any simulation so that a bad file fails fast; else the policy's own. */
  private Optional<TrainingCurve> trainingCurve(Optional<Path> policyPath) {
    if (trainingRun != null) {
      if (outDir == null) {
        throw new InputException("--training-run needs --out DIR: the learning curve goes into the report");
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
