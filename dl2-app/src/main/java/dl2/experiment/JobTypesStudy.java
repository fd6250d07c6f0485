package dl2.experiment;

import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.workload.Preset;
import java.util.ArrayList;
import java.util.List;

/**
 * Changing job types (dl2-spec §9.3): training sees only the first 4 job types (type restriction K,
 * §4.4), then 6 from a third of the steps on (the paper's step 1000 of 3000), then all 8 from two
 * thirds on (step 2000). Each phase continues from the previous phase's last policy.
 */
final class JobTypesStudy implements Study {
  private static final int[] TYPES = {4, 6, 8};

  @Override
  public String name() {
    return "job-types";
  }

  @Override
  public StudyReport run(StudyContext context) {
    Preset base = context.preset();
    int phaseSteps = context.budget().steps(1.0 / TYPES.length);
    // At least four points per phase, so the curve shows each phase's course.
    int validateEvery = Math.max(1, Math.min(context.budget().validateEvery(), phaseSteps / 4));
    ResultTable table =
        new ResultTable(
            "phase",
            "job_types",
            "first_step",
            "last_step",
            "phase_best_jct_on_its_types",
            "final_jct_on_8_types",
            "reference_best_jct_on_8_types");
    TrainedPolicy reference = context.reference();
    Evaluator allTypes = context.evaluator(base, 0);
    List<Plot.Series> curves = new ArrayList<>();
    TrainedPolicy previous = null;
    for (int phase = 0; phase < TYPES.length; phase++) {
      Preset restricted = base.withWorkload(base.workload().withTypeRestriction(TYPES[phase]));
      TrainingVariant variant =
          context.recipe(restricted, phaseSteps).labelled("types-" + TYPES[phase]);
      TrainedPolicy run =
          context.train(
              previous == null ? variant : variant.startingFrom(previous.latest()), validateEvery);
      long offset = (long) phase * phaseSteps;
      curves.add(Charts.curve(TYPES[phase] + " types", run.curve(), offset));
      table.row(
          phase + 1,
          TYPES[phase],
          offset + 1,
          offset + phaseSteps,
          run.bestJct(),
          allTypes.policy(run.latest()),
          reference.bestJct());
      previous = run;
    }
    curves.add(Charts.curve("8 types throughout (reference)", reference));
    List<String> notes =
        List.of(
            "Phases of "
                + phaseSteps
                + " RL steps; each validates on traces of its own job types, so the curve jumps when new "
                + "types arrive. The last columns evaluate each phase's last policy and the 8-type reference run (best "
                + "checkpoint) on the 8-type test traces.",
            "A phase starts from the previous phase's policy network; its value network, Adam state and replay start afresh "
                + "(RlTrainer warm-starts the policy only).",
            "Type restriction K keeps the first K of the paper's length buckets (type = bucket + 1), so the first phases also "
                + "see only shorter jobs.");
    return new StudyReport(
        name(),
        "Changing job types (4 → 6 → 8)",
        "The paper shows DL2 adapting to new job types without a headline number.",
        table,
        List.of(
            Charts.learningCurves(
                "job-types-curve", "Validation JCT while job types are added", curves)),
        notes);
  }
}
