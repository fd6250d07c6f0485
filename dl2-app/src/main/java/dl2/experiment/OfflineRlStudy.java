package dl2.experiment;

import dl2.evaluation.SchedulerCatalog;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.AnalyticalSpeed;
import java.util.List;

/**
 * OfflineRL (dl2-spec §6.7): DL2 trained on the analytical speed model (§3.4), an inaccurate
 * offline simulator, and validated on the default model like DL2 trained online.
 */
final class OfflineRlStudy implements Study {
  @Override
  public String name() {
    return "offline-rl";
  }

  @Override
  public StudyReport run(StudyContext context) {
    // OfflineRL first: in a long run its curve is the new information (the recipe run is usually
    // shared).
    TrainedPolicy offline =
        context.train(
            context
                .recipe(context.preset())
                .labelled("offline-rl")
                .withTrainingSpeed(AnalyticalSpeed.INSTANCE));
    TrainedPolicy online = context.reference();
    double drf = context.evaluator(context.preset(), 0).baseline(Schedulers.DRF);
    // the level on the curves
    double drfOnValidation = context.validationEvaluator(context.preset()).baseline(Schedulers.DRF);
    ResultTable table =
        new ResultTable("policy", "training_speed_model", "best_jct", "final_jct", "jct_vs_drf");
    String drfName = context.named(Schedulers.DRF);
    table.row(
        context.named(SchedulerCatalog.POLICY),
        "default (fitted Optimus form)",
        online.bestJct(),
        online.finalJct(),
        online.bestJct() / drf);
    table.row(
        context.named("offline-rl"),
        "analytical (computation and communication)",
        offline.bestJct(),
        offline.finalJct(),
        offline.bestJct() / drf);
    table.row(drfName, "-", drf, drf, 1.0);
    double lastStep = online.curve().get(online.curve().size() - 1).step();
    List<String> notes =
        List.of(
            String.format(
                java.util.Locale.ROOT,
                "DL2's best JCT is %.1f%% below OfflineRL's (paper: 37.9%%).",
                -Charts.percentChange(offline.bestJct(), online.bestJct())),
            "Both use the study recipe ("
                + context.budget().rlSteps()
                + " steps) and validate on the default speed model with "
                + context.validationTraces()
                + " validation traces; only the training episodes differ. The table's JCTs are the "
                + "best and final checkpoints on "
                + context.validationTraces()
                + " test traces.",
            "The analytical model has no placement from the simulator, so it is evaluated at the spread placement (every task on "
                + "its own node); its speeds are in batches per second, so training jobs run far slower than on the default model.");
    return new StudyReport(
        name(),
        "OfflineRL: trained on the analytical speed model",
        "DL2's JCT is 37.9% lower than OfflineRL's.",
        table,
        List.of(
            Charts.learningCurves(
                "offline-rl-curves",
                "Validation JCT (default speed model) per step",
                List.of(
                    Charts.curve("dl2 (online)", online),
                    Charts.curve("offline-rl (analytical)", offline),
                    Charts.level(drfName, drfOnValidation, 0, lastStep)))),
        notes);
  }
}
