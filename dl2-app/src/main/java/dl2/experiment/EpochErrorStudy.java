package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.learning.file.PolicyFile;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import dl2.workload.Preset;
import java.util.ArrayList;
import java.util.List;

/**
 * Epoch-estimation error (dl2-spec §4.4, §9.3): jobs run E* = (1 + ε_e·U(−1,1))·E epochs while
 * schedulers and DL2's state see E. SRTF and Optimus rank jobs by remaining epochs, so their
 * choices degrade; the traces keep their jobs and arrivals whatever ε_e.
 */
final class EpochErrorStudy implements Study {
  private static final List<String> BASELINES =
      List.of(Schedulers.DRF, Schedulers.SRTF, Schedulers.OPTIMUS);

  @Override
  public String name() {
    return "epoch-error";
  }

  @Override
  public StudyReport run(StudyContext context) {
    double[] errors =
        context.quick()
            ? new double[] {0, 0.1, 0.25}
            : new double[] {0, 0.05, 0.1, 0.15, 0.2, 0.25};
    PolicyFile dl2 = context.evaluationPolicy();
    List<String> names = new ArrayList<>(BASELINES.stream().map(context::named).toList());
    names.add(context.named(SchedulerCatalog.POLICY));
    ResultTable table =
        new ResultTable(
            "epoch_error",
            names.get(0) + "_jct",
            names.get(1) + "_jct",
            names.get(2) + "_jct",
            names.get(3) + "_jct",
            names.get(3) + "_vs_" + names.get(0),
            names.get(3) + "_vs_" + names.get(2));
    List<double[]> jcts = new ArrayList<>();
    for (double error : errors) {
      Preset preset =
          context
              .preset()
              .withWorkload(context.preset().workload().withEpochEstimationError(error));
      Evaluator evaluator = context.evaluator(preset, 0);
      double[] row = new double[BASELINES.size() + 1];
      for (int b = 0; b < BASELINES.size(); b++) {
        row[b] = evaluator.baseline(BASELINES.get(b));
      }
      row[BASELINES.size()] = evaluator.policy(dl2);
      jcts.add(row);
      table.row(error, row[0], row[1], row[2], row[3], row[3] / row[0], row[3] / row[2]);
    }
    List<Plot.Series> series = new ArrayList<>();
    for (int s = 0; s < names.size(); s++) {
      int column = s;
      series.add(
          new Plot.Series(
              names.get(s), errors, jcts.stream().mapToDouble(r -> r[column]).toArray()));
    }
    List<String> notes =
        List.of(
            (context.usesShippedPolicy()
                    ? "DL2 is the policy shipped for "
                    : "DL2 is the study recipe's run on ")
                + context.preset().name()
                + ", trained without estimation error and not retrained per error level.",
            "Greedy decoding, "
                + context.validationTraces()
                + " test traces; the same jobs and arrivals at every ε_e.");
    return new StudyReport(
        name(),
        "Epoch-estimation error (ε_e)",
        "The paper shows the sweep without a headline number.",
        table,
        List.of(
            Plot.line(
                "epoch-error-jct",
                "Mean average JCT vs epoch-estimation error",
                "estimation error ε_e",
                "mean avg JCT (slots)",
                series)),
        notes);
  }
}
