package dl2.cli;

import dl2.model.InputException;
import dl2.report.Comparison;
import dl2.report.ComparisonReport;
import dl2.report.ReportBuilder;
import dl2.report.ResultsJson;
import dl2.report.SchedulerRun;
import dl2.report.TextTable;
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

/** {@code dl2 compare}: every baseline on the same traces, JCTs relative to DRF as in the paper's figures. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Run every baseline, your own schedulers (--scheduler-jar) and DL2 (the policy shipped for the preset, "
        + "or --policy) on the same traces; mean average JCT, mean makespan and JCT ratio to DRF.")
final class CompareCommand implements Runnable {
  static final String RESULTS_FILE = "results.json";

  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;
  @Mixin PolicyOptions policyOptions;
  @Mixin PluginOptions pluginOptions;

  @Option(names = "--no-policy", description = "Leave out the policy shipped for the preset (DL2 is not compared).")
  boolean noPolicy;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Write DIR/" + RESULTS_FILE + " and an HTML report, DIR/index.html with its figures in DIR/figures/.")
  Path outDir;

  @Option(names = "--training-run", paramLabel = "DIR|CSV",
      description = "With --out: DL2's learning curve for the report, from a train/train-sl output directory or its CSV "
          + "(default: the curve beside the policy, if any).")
  Path trainingRun;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    Experiment base = options.experiment();
    Optional<Path> policyPath = policyOptions.policyFor(base.preset().name(), !noPolicy);
    Optional<TrainingCurve> curve = trainingCurve(policyPath);
    Experiment experiment = base.withPolicy(policyOptions.loadFor(base.preset().name(), !noPolicy), policyOptions.decoding())
        .withPlugins(pluginOptions.load());
    int threads = options.threads(Runtime.getRuntime().availableProcessors());
    List<String> schedulers = new ArrayList<>(Schedulers.BASELINES);
    schedulers.addAll(experiment.pluginSchedulers());
    if (experiment.hasPolicy()) {
      schedulers.add(Experiment.POLICY_SCHEDULER);
    }
    int traceCount = experiment.traces().size();
    List<SchedulerRun> runs;
    try (Progress progress = Progress.of("compare", (long) traceCount * schedulers.size(), spec.commandLine().getErr())) {
      runs = experiment.runAll(schedulers, threads, progress);
    }
    Comparison comparison = new Comparison(experiment.preset().name(), experiment.baseSeed(), experiment.traceNames(), runs);
    out.println(String.join(", ", schedulers) + " on " + experiment.preset().name() + " (" + experiment.preset().cluster().nodes() + " nodes, "
        + traceCount + " traces, seed " + experiment.baseSeed() + "); times in slots");
    policyPath.ifPresent(p -> out.println("dl2 = policy " + p));
    out.print(table(comparison));
    List<Double> bounds = experiment.lowerBounds();
    double bound = bounds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    out.printf(Locale.ROOT, "no-contention lower bound: mean avg JCT %.3f (%.3f × drf): each job alone at its best (p, w)%n",
        bound, comparison.run(Comparison.REFERENCE).map(r -> bound / r.meanAvgJct()).orElse(Double.NaN));
    if (outDir != null) {
      Path file = outDir.resolve(RESULTS_FILE);
      SimulateCommand.write(file, ResultsJson.toJson(ResultsJson.withLowerBound(ResultsJson.comparison(comparison), bounds)));
      List<String> traceFiles = options.traceFiles.stream().map(p -> p.getFileName().toString()).toList();
      Path index = writeReport(ComparisonReport.build(comparison, bounds, curve, traceFiles, RESULTS_FILE));
      out.println("wrote " + file + " and " + index);
    }
    out.flush();
  }

  /** The --training-run curve, read before any simulation so that a bad file fails fast; else the policy's own. */
  private Optional<TrainingCurve> trainingCurve(Optional<Path> policyPath) {
    if (trainingRun != null) {
      if (outDir == null) {
        throw new InputException("--training-run needs --out DIR: the learning curve goes into the report");
      }
      return Optional.of(TrainingCurve.read(trainingRun));
    }
    if (outDir == null) {
      return Optional.empty();
    }
    return policyPath.flatMap(TrainingCurve::besidePolicy).map(TrainingCurve::read);
  }

  private Path writeReport(ReportBuilder report) {
    try {
      return report.write(outDir);
    } catch (IOException e) {
      throw new InputException("cannot write the report into " + outDir + ": " + e);
    }
  }

  static String table(Comparison comparison) {
    TextTable table = new TextTable("scheduler", "mean avg JCT", "mean makespan", "JCT / " + Comparison.REFERENCE);
    for (SchedulerRun run : comparison.runs()) {
      Object ratio = comparison.jctRatioToReference(run.scheduler()).map(r -> (Object) r).orElse("-");
      table.row(run.scheduler(), run.meanAvgJct(), run.meanMakespan(), ratio);
    }
    return table.render();
  }
}
