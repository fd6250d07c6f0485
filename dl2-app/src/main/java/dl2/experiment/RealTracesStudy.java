package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.model.Trace;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import dl2.traces.ConversionSettings;
import dl2.traces.TraceConverter;
import dl2.traces.TraceSource;
import dl2.traces.data.TraceLocations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The baselines and DL2 on Pollux's eight workloads (160 jobs each, sampled from Microsoft's Philly
 * trace), converted with the mapping of docs/traces.md and replayed on the study preset's cluster.
 */
final class RealTracesStudy implements Study {
  static final String POLLUX_WORKLOADS = "adaptdl/simulator/workloads";
  private static final int WORKLOADS = 8;

  @Override
  public String name() {
    return "real-traces";
  }

  /** The public traces are where the shards are merged, not where they run. */
  @Override
  public boolean shardable() {
    return false;
  }

  @Override
  public StudyReport run(StudyContext context) {
    int count = context.quick() ? 4 : WORKLOADS;
    List<Trace> traces = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      traces.add(pollux(context, i));
    }
    Evaluator evaluator = context.evaluator(traces);
    PolicyFile dl2 = context.evaluationPolicy();
    List<String> names = new ArrayList<>(Schedulers.BASELINES);
    List<Double> jcts = new ArrayList<>();
    names.forEach(name -> jcts.add(evaluator.baseline(name)));
    names.add(SchedulerCatalog.POLICY);
    jcts.add(evaluator.policy(dl2));
    double drf = jcts.get(names.indexOf(Schedulers.DRF));
    double optimus = jcts.get(names.indexOf(Schedulers.OPTIMUS));
    ResultTable table = new ResultTable("scheduler", "mean_avg_jct", "vs_drf", "vs_optimus");
    List<String> shown = names.stream().map(context::named).toList();
    for (int s = 0; s < names.size(); s++) {
      table.row(shown.get(s), jcts.get(s), jcts.get(s) / drf, jcts.get(s) / optimus);
    }
    double bound = evaluator.lowerBound();
    table.row("no-contention lower bound", bound, bound / drf, bound / optimus);
    List<String> notes =
        List.of(
            "Pollux (OSDI'21) workloads 1.."
                + count
                + " from "
                + POLLUX_WORKLOADS
                + " (Apache-2.0), converted as `dl2 convert --from"
                + " pollux` does (docs/traces.md); run on "
                + context.preset().name()
                + "'s cluster, greedy DL2 decoding.",
            (context.usesShippedPolicy()
                    ? "DL2 is the policy shipped for "
                    : "DL2 is the study recipe's run on ")
                + context.preset().name()
                + ", not retrained on these traces.",
            "The workloads are derived from the Microsoft Philly trace (CC-BY-4.0): Jeon et al., \"Analysis of Large-Scale"
                + " Multi-Tenant GPU Clusters for DNN Training Workloads\", USENIX ATC'19; the Pollux authors sampled the jobs"
                + " and dl2 maps their applications to its job types and their work to epochs.");
    return new StudyReport(
        name(),
        "Real traces: Pollux workloads",
        "Not in the paper (its traces are not public).",
        table,
        List.of(
            Plot.bars(
                "real-traces-jct",
                "Mean average JCT on the Pollux workloads",
                "mean avg JCT (slots)",
                shown,
                List.of(Plot.Series.ofBars("mean avg JCT", jcts)))),
        notes);
  }

  /** Fails, before any study runs, if {@code sharedTraces} lacks a workload this study reads. */
  static void requireWorkloads(Path sharedTraces, boolean quick) {
    for (int i = 1; i <= (quick ? 4 : WORKLOADS); i++) {
      workload(sharedTraces, i);
    }
  }

  private static Path workload(Path sharedTraces, int index) {
    Path file = sharedTraces.resolve(POLLUX_WORKLOADS).resolve("workload-" + index + ".csv");
    if (!Files.isRegularFile(file)) {
      throw InputException.inFile(
          file.toString(),
          "Pollux workload not found; get the public traces with "
              + TraceLocations.FETCH
              + " (or pass --traces DIR)");
    }
    return file;
  }

  private static Trace pollux(StudyContext context, int index) {
    Path file = workload(context.sharedTraces(), index);
    return TraceConverter.convert(
            TraceSource.byName("pollux"), file, ConversionSettings.defaults(context.seed()))
        .toTrace("pollux-" + index, context.preset().slotSeconds());
  }
}
