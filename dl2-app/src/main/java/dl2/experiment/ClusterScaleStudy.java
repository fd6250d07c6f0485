package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.learning.rl.Baseline;
import dl2.model.ClusterSpec;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.WorkloadConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Cluster scale (dl2-spec §9.3): the original harness' scale variants, N nodes / jobs / MAX
 * arrivals per slot / window J, cap 32 unless noted, MAX_EPOCHS 80000, 20-minute slots. Each is
 * trained with the study recipe and compared with DRF and Optimus on its own test traces.
 */
final class ClusterScaleStudy implements Study {
  /** One scale: its preset, and whether DL2 trains without the value network (large-6). */
  record Scale(String name, Preset preset, Baseline baseline) {}

  static final List<Scale> FULL =
      List.of(
          new Scale("testbed", Presets.PAPER_TESTBED, Baseline.CRITIC),
          new Scale("small", Presets.PAPER_DENSE, Baseline.CRITIC),
          new Scale("large-1", harness("large-1", 100, 120, 6, 30, 32), Baseline.CRITIC),
          new Scale("large-2", harness("large-2", 100, 180, 9, 36, 32), Baseline.CRITIC),
          new Scale("large-3", harness("large-3", 120, 180, 9, 36, 32), Baseline.CRITIC),
          new Scale("large-4", harness("large-4", 500, 600, 30, 180, 50), Baseline.CRITIC),
          new Scale("large-5", harness("large-5", 500, 600, 30, 180, 100), Baseline.CRITIC),
          new Scale("large-6", harness("large-5", 500, 600, 30, 180, 100), Baseline.REPLAY_MEAN));

  @Override
  public String name() {
    return "cluster-scale";
  }

  static Preset harness(String name, int nodes, int jobs, int maxArrivals, int window, int cap) {
    return new Preset(
        name,
        ClusterSpec.ofNodes(nodes),
        cap,
        window,
        1200,
        WorkloadConfig.paper(maxArrivals, jobs, 80000));
  }

  @Override
  public StudyReport run(StudyContext context) {
    List<Scale> scales = context.quick() ? FULL.subList(0, 3) : FULL;
    String drfName = context.named(Schedulers.DRF);
    String optimusName = context.named(Schedulers.OPTIMUS);
    String dl2Name = context.named(SchedulerCatalog.POLICY);
    ResultTable table =
        new ResultTable(
            "scale",
            "preset",
            "nodes",
            "jobs",
            "window",
            "cap",
            drfName + "_jct",
            optimusName + "_jct",
            dl2Name + "_jct",
            dl2Name + "_vs_" + drfName,
            optimusName + "_vs_" + drfName);
    List<String> names = new ArrayList<>();
    List<Double> dl2Ratios = new ArrayList<>();
    List<Double> optimusRatios = new ArrayList<>();
    for (Scale scale : scales) {
      Preset preset = scale.preset();
      Evaluator evaluator = context.evaluator(preset, 0);
      double drf = evaluator.baseline(Schedulers.DRF);
      double optimus = evaluator.baseline(Schedulers.OPTIMUS);
      String label = scale.baseline() == Baseline.CRITIC ? "dl2" : "dl2-no-critic";
      TrainedPolicy run =
          context.train(context.recipe(preset).labelled(label).withBaseline(scale.baseline()));
      table.row(
          scale.name(),
          preset.name(),
          preset.cluster().nodes(),
          preset.workload().totalJobs(),
          preset.window(),
          preset.taskCap(),
          drf,
          optimus,
          run.bestJct(),
          run.bestJct() / drf,
          optimus / drf);
      names.add(scale.name());
      dl2Ratios.add(run.bestJct() / drf);
      optimusRatios.add(optimus / drf);
    }
    List<Plot.Series> bars =
        List.of(
            Plot.Series.ofBars(dl2Name + " / " + drfName, dl2Ratios),
            Plot.Series.ofBars(optimusName + " / " + drfName, optimusRatios));
    List<String> notes =
        List.of(
            "Scales "
                + String.join(", ", names)
                + (context.quick() ? " (quick mode: the first three of the harness list)" : "")
                + "; testbed is the paper-testbed preset (cap 16, 1000 epochs, 300 s slots), small is paper-dense; large-6 is "
                + "large-5 trained without the value network (replay-mean baseline). --workload does not apply here.",
            "DL2: the study recipe (2 × 256 network, "
                + context.budget().rlSteps()
                + " steps) at every scale, not the harness' 6J "
                + "neurons; the greedy JCT on "
                + context.validationTraces()
                + " test traces of each scale, of the checkpoint best on "
                + "its validation traces.");
    return new StudyReport(
        name(),
        "Cluster scale",
        "The paper shows DL2 ahead of the baselines at every scale, without a headline number.",
        table,
        List.of(
            Plot.bars(
                "cluster-scale-ratio",
                "JCT relative to DRF at each scale",
                "mean avg JCT / DRF",
                names,
                bars)),
        notes);
  }
}
