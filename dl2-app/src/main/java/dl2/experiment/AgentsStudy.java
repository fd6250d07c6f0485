package dl2.experiment;

import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import java.util.ArrayList;
import java.util.List;

/**
 * Number of agents (dl2-spec §7.11, §9.3): K agents, each with its own simulator and traces, feed
 * one learner. The paper (asynchronous) finds training stable and x agents converging about x times
 * faster per step.
 */
final class AgentsStudy implements Study {
  @Override
  public String name() {
    return "agents";
  }

  @Override
  public StudyReport run(StudyContext context) {
    int[] counts = context.quick() ? new int[] {1, 2, 3} : new int[] {1, 2, 3, 4, 5};
    double drf = context.evaluator(context.preset(), 0).baseline(Schedulers.DRF);
    // the level on the curves
    double drfOnValidation = context.validationEvaluator(context.preset()).baseline(Schedulers.DRF);
    String drfName = context.named(Schedulers.DRF);
    ResultTable table =
        new ResultTable(
            "agents",
            "best_jct",
            "best_step",
            "final_jct",
            "first_step_at_or_below_" + drfName,
            drfName + "_jct");
    List<Plot.Series> curves = new ArrayList<>();
    double lastStep = 0;
    for (int k : counts) {
      TrainedPolicy run =
          k == 1
              ? context.reference()
              : context.train(
                  context.recipe(context.preset()).labelled("agents-" + k).withAgents(k));
      long reached = run.firstStepAtOrBelow(drfOnValidation);
      table.row(
          k,
          run.bestJct(),
          run.bestStep(),
          run.finalJct(),
          reached < 0 ? "not reached" : reached,
          drf);
      curves.add(Charts.curve(k + (k == 1 ? " agent" : " agents"), run));
      lastStep = Math.max(lastStep, run.curve().get(run.curve().size() - 1).step());
    }
    curves.add(Charts.level(drfName, drfOnValidation, 0, lastStep));
    List<String> notes =
        List.of(
            "Synchronous agents (the learner averages the K agents' gradients each step; the batch of 256 is split across "
                + "agents), because asynchronous runs are not reproducible; the paper's agents were asynchronous.",
            "First step at or below DRF: the first validation (every "
                + context.budget().validateEvery()
                + " steps) whose greedy JCT on "
                + context.validationTraces()
                + " validation traces is at most DRF's there. "
                + "best_jct, final_jct and drf_jct are on "
                + context.validationTraces()
                + " test traces.");
    return new StudyReport(
        name(),
        "Number of agents",
        "Training is stable; with x agents DL2 converges about x times faster.",
        table,
        List.of(
            Charts.learningCurves("agents-curves", "Validation JCT per step for K agents", curves)),
        notes);
  }
}
