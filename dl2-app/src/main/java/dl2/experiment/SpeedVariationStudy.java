package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.learning.file.PolicyFile;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import java.util.ArrayList;
import java.util.List;

/**
 * Training-speed variation (dl2-spec §9.3): each slot's progress is multiplied by 1 + ε_s·U(−1,1);
 * DL2 against DRF and both Optimus variants as ε_s grows. Optimus plans with its speed model, so
 * noise makes its plans wrong; the paper finds it more sensitive than DL2.
 */
final class SpeedVariationStudy implements Study {
  static final String FITTED_OPTIMUS = Schedulers.OPTIMUS_FITTED;

  @Override
  public String name() {
    return "speed-variation";
  }

  @Override
  public StudyReport run(StudyContext context) {
    double[] noises =
        context.quick()
            ? new double[] {0, 0.1, 0.2, 0.3}
            : new double[] {0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3};
    List<String> baselines = new ArrayList<>(List.of(Schedulers.DRF, Schedulers.OPTIMUS));
    List<String> notes = new ArrayList<>();
    if (Evaluator.hasBaseline(FITTED_OPTIMUS)) {
      baselines.add(FITTED_OPTIMUS);
    } else {
      notes.add(
          "optimus-fitted (Optimus as published) is not in this build; only the simulator's Optimus is compared.");
    }
    PolicyFile dl2 = context.evaluationPolicy();
    String policy = context.named(SchedulerCatalog.POLICY);
    List<String> columns = new ArrayList<>(List.of("speed_noise"));
    baselines.forEach(b -> columns.add(context.named(b) + "_jct"));
    columns.add(policy + "_jct");
    baselines.forEach(b -> columns.add(policy + "_vs_" + context.named(b)));
    ResultTable table = new ResultTable(columns.toArray(String[]::new));
    List<double[]> jcts = new ArrayList<>();
    for (double noise : noises) {
      Evaluator evaluator = context.evaluator(context.preset(), noise);
      double[] row = new double[baselines.size() + 1];
      for (int b = 0; b < baselines.size(); b++) {
        row[b] = evaluator.baseline(baselines.get(b));
      }
      row[baselines.size()] = evaluator.policy(dl2);
      jcts.add(row);
      List<Object> cells = new ArrayList<>(List.of(noise));
      for (double v : row) {
        cells.add(v);
      }
      for (int b = 0; b < baselines.size(); b++) {
        cells.add(row[baselines.size()] / row[b]);
      }
      table.row(cells.toArray());
    }
    List<String> names = new ArrayList<>(baselines.stream().map(context::named).toList());
    names.add(policy);
    List<Plot.Series> absolute = new ArrayList<>();
    List<Plot.Series> relative = new ArrayList<>();
    for (int s = 0; s < names.size(); s++) {
      int column = s;
      double[] y = jcts.stream().mapToDouble(r -> r[column]).toArray();
      double[] growth = jcts.stream().mapToDouble(r -> r[column] / jcts.get(0)[column]).toArray();
      absolute.add(new Plot.Series(names.get(s), noises, y));
      relative.add(new Plot.Series(names.get(s), noises, growth));
    }
    notes.add(
        context.usesShippedPolicy()
            ? "DL2 is the policy shipped for "
                + context.preset().name()
                + ", trained without speed noise."
            : "DL2 is the study recipe's run on "
                + context.preset().name()
                + ", trained without speed noise.");
    notes.add(
        "DL2 is not retrained per noise level (training runs on a noise-free simulator), so this measures how a "
            + "policy copes with noise it never saw; the paper trained under the noise. Greedy decoding, "
            + context.validationTraces()
            + " test traces; optimus knows the true speed model, optimus-fitted learns it from observed (noisy) speeds.");
    return new StudyReport(
        name(),
        "Training-speed variation (ε_s)",
        "Optimus is more sensitive to speed variation than DL2.",
        table,
        List.of(
            Plot.line(
                "speed-variation-jct",
                "Mean average JCT vs speed noise",
                "speed noise ε_s",
                "mean avg JCT (slots)",
                absolute),
            Plot.line(
                "speed-variation-growth",
                "JCT relative to no noise",
                "speed noise ε_s",
                "JCT / JCT at ε_s = 0",
                relative)),
        notes);
  }
}
