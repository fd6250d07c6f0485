package dl2.experiment;

import dl2.learning.rl.TrainingRecipe;
import dl2.model.JobType;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.registry.Schedulers;
import dl2.workload.Preset;
import dl2.workload.TypeMix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Unseen job types (Project): DL2 with the shipped recipe trained on traces without two of the
 * eight types, then scheduled on test traces where those two make up a third of the jobs, against
 * the same recipe trained with every type and against the heuristics. The observed state needs no
 * model name, and the held-out types' speeds are learnt from their progress while they run.
 */
final class UnseenTypesStudy implements Study {
  /** A GPU type with heavy communication and a CPU-only one. */
  static final Set<JobType> HELD_OUT = Set.of(JobType.VGG_16, JobType.DSSM);

  static final double HELD_OUT_SHARE = 1.0 / 3;
  private static final List<String> HEURISTICS =
      List.of(
          Schedulers.OPTIMUS,
          Schedulers.OPTIMUS_FITTED,
          Schedulers.OPTIMUS_REMAINING,
          Schedulers.TIRESIAS,
          Schedulers.DRF);

  @Override
  public String name() {
    return "unseen-types";
  }

  @Override
  public StudyReport run(StudyContext context) {
    Preset base = context.preset();
    Preset without = renamed(base, "without-held-out", TypeMix.without(HELD_OUT));
    Preset evaluation = renamed(base, "held-out-third", new TypeMix(HELD_OUT, HELD_OUT_SHARE));
    TrainedPolicy unseen = context.train(TrainingRecipe.OBSERVED, without, "dl2-unseen");
    TrainedPolicy seen = context.train(TrainingRecipe.OBSERVED, base, "dl2-all-types");
    Evaluator test = context.evaluator(evaluation, 0);
    List<String> names =
        new ArrayList<>(List.of("dl2 (two types never seen)", "dl2 (all types seen)"));
    List<Double> jcts =
        new ArrayList<>(List.of(test.policy(unseen.best()), test.policy(seen.best())));
    for (String heuristic : HEURISTICS) {
      names.add(context.named(heuristic));
      jcts.add(test.baseline(heuristic));
    }
    double fitted = jcts.get(names.indexOf(context.named(Schedulers.OPTIMUS_FITTED)));
    double allSeen = jcts.get(1);
    ResultTable table =
        new ResultTable("scheduler", "mean_avg_jct", "vs_optimus_fitted", "vs_dl2_all_types");
    for (int s = 0; s < names.size(); s++) {
      table.row(names.get(s), jcts.get(s), jcts.get(s) / fitted, jcts.get(s) / allSeen);
    }
    List<String> notes =
        List.of(
            String.format(
                Locale.ROOT,
                "Held out: %s. Training traces of %s have none of them (each such job gets a seen type, "
                    + "keeping its arrival and length); the %d test traces give each job one of them with probability %.2f.",
                TypeMix.without(HELD_OUT).toString().substring("without ".length()),
                base.name(),
                context.validationTraces(),
                HELD_OUT_SHARE),
            "Both DL2 runs use the shipped recipe (dl2 train --recipe observed"
                + (context.quick() ? ", quick: " + context.budget().rlSteps() + " steps" : "")
                + ") and are evaluated with the checkpoint best on their own "
                + "validation traces; their speed memory knows only the types they saw.",
            "What to look for: whether the run that never saw the two types beats optimus-fitted and stays within 5 % of the run that saw them.");
    return new StudyReport(
        name(),
        "Unseen job types",
        "Not in the paper.",
        table,
        List.of(
            Plot.bars(
                "unseen-types-jct",
                "Mean average JCT with a third of the jobs of unseen types",
                "mean avg JCT (slots)",
                names,
                List.of(Plot.Series.ofBars("mean avg JCT", jcts)))),
        notes);
  }

  private static Preset renamed(Preset base, String suffix, TypeMix mix) {
    return new Preset(
        base.name() + "-" + suffix,
        base.cluster(),
        base.taskCap(),
        base.window(),
        base.slotSeconds(),
        base.workload().withTypeMix(mix),
        base.world());
  }
}
