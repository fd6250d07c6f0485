package dl2.experiment;

import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import java.util.ArrayList;
import java.util.List;

/**
 * Supervised warm-up teacher (dl2-spec §8, §9.3): for each teacher, imitate it, then continue with
 * RL from the warm-up's best checkpoint; DL2 should end up better than its teacher.
 */
final class TeacherStudy implements Study {
  private static final List<String> TEACHERS =
      List.of(Schedulers.FIFO, Schedulers.SRTF, Schedulers.OPTIMUS, Schedulers.DRF);

  @Override
  public String name() {
    return "teacher";
  }

  @Override
  public StudyReport run(StudyContext context) {
    ResultTable table =
        new ResultTable(
            "teacher",
            "teacher_jct",
            "warm_up_jct",
            "warm_up_then_rl_jct",
            "rl_vs_teacher_percent");
    List<Double> teacherJcts = new ArrayList<>();
    List<Double> warmUpJcts = new ArrayList<>();
    List<Double> rlJcts = new ArrayList<>();
    List<Plot.Series> curves = new ArrayList<>();
    // Every column on the test traces, which neither trained nor selected a checkpoint.
    Evaluator test = context.evaluator(context.preset(), 0);
    for (String teacher : TEACHERS) {
      TrainedWarmUp warmUp = context.warmUp(teacher);
      TrainedPolicy rl =
          context.train(
              context
                  .recipe(context.preset())
                  .labelled("rl-after-" + teacher)
                  .startingFrom(warmUp.best()));
      double teacherJct = test.baseline(teacher);
      double warmUpJct = test.policy(warmUp.best());
      table.row(
          context.named(teacher),
          teacherJct,
          warmUpJct,
          rl.bestJct(),
          Charts.percentChange(teacherJct, rl.bestJct()));
      teacherJcts.add(teacherJct);
      warmUpJcts.add(warmUpJct);
      rlJcts.add(rl.bestJct());
      curves.add(Charts.curve("RL after " + context.named(teacher), rl));
    }
    List<Plot.Series> bars =
        List.of(
            Plot.Series.ofBars("teacher", teacherJcts),
            Plot.Series.ofBars("warm-up only", warmUpJcts),
            Plot.Series.ofBars("warm-up + RL", rlJcts));
    List<String> notes =
        List.of(
            "Warm-up: "
                + context.budget().slSteps()
                + " supervised steps (lr 0.005, batch 256, replay 8192) on the teacher's "
                + "decisions; RL: "
                + context.budget().rlSteps()
                + " steps of the study recipe from the warm-up's best checkpoint.",
            "JCTs are greedy mean average JCTs on "
                + context.validationTraces()
                + " test traces of "
                + context.preset().name()
                + ": the teacher's, and each phase's checkpoint that was best on the validation traces;"
                + " negative percentages mean DL2 beats its teacher.",
            "The original harness capped Optimus-as-teacher at 8 tasks; here every teacher uses the preset's cap.");
    return new StudyReport(
        name(),
        "Supervised warm-up teacher",
        "DL2 beats its teacher, e.g. 41.3% lower JCT than SRTF.",
        table,
        List.of(
            Plot.bars(
                "teacher-jct",
                "Teacher, warm-up and warm-up + RL",
                "mean avg JCT (slots)",
                TEACHERS.stream().map(context::named).toList(),
                bars),
            Charts.learningCurves("teacher-curves", "RL after each teacher's warm-up", curves)),
        notes);
  }
}
