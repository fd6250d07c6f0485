package dl2.experiment;

import dl2.learning.env.RewardMode;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One of the paper's ablations (dl2-spec §9.2): the study recipe against variants that switch one
 * component off or replace it; the recipe run is shared by all four.
 */
final class AblationStudy implements Study {
  /** A variant: its label, how it changes the recipe, and the paper's figure for it. */
  record Variant(String label, UnaryOperator<TrainingVariant> change, String paper) {}

  private final String name;
  private final String title;
  private final String claim;
  private final String referenceLabel;
  private final List<Variant> variants;

  AblationStudy(
      String name, String title, String claim, String referenceLabel, List<Variant> variants) {
    this.name = name;
    this.title = title;
    this.claim = claim;
    this.referenceLabel = referenceLabel;
    this.variants = List.copyOf(variants);
  }

  static List<AblationStudy> all() {
    return List.of(
        new AblationStudy(
            "ablation-critic",
            "Ablation: critic vs moving-average baseline",
            "With the critic, JCT is 21.1% better than with a moving-average baseline.",
            "critic",
            List.of(
                new Variant(
                    "moving-average",
                    v -> v.withBaseline(Baseline.MOVING_AVERAGE),
                    "+21.1% (critic 21.1% better)"))),
        new AblationStudy(
            "ablation-exploration",
            "Ablation: job-aware exploration",
            "Without job-aware exploration, JCT is 28.8% worse.",
            "exploration original",
            List.of(
                new Variant(
                    "exploration none", v -> v.withExploration(ExplorationMode.NONE), "+28.8%"),
                new Variant(
                    "exploration paper",
                    v -> v.withExploration(ExplorationMode.PAPER),
                    "0% (the paper's own rule)"))),
        new AblationStudy(
            "ablation-replay",
            "Ablation: experience replay (8192 vs 256)",
            "Without experience replay (a buffer of 256), JCT is 39.6% worse.",
            "replay 8192",
            List.of(new Variant("replay 256", v -> v.withReplayCapacity(256), "+39.6%"))),
        new AblationStudy(
            "ablation-reward",
            "Ablation: reward function",
            "The per-job reward is 29.1% worse than the slot reward.",
            "slot reward",
            List.of(
                new Variant("per-job reward", v -> v.withReward(RewardMode.PER_JOB), "+29.1%"),
                new Variant(
                    "uncompleted-jobs reward", v -> v.withReward(RewardMode.UNCOMPLETED), "-"))));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public StudyReport run(StudyContext context) {
    TrainedPolicy reference = context.reference();
    ResultTable table =
        new ResultTable(
            "variant",
            "best_jct",
            "best_step",
            "final_jct",
            "change_vs_recipe_percent",
            "paper_change");
    table.row(
        referenceLabel + " (recipe)",
        reference.bestJct(),
        reference.bestStep(),
        reference.finalJct(),
        0.0,
        "0%");
    List<String> labels = new ArrayList<>(List.of(referenceLabel));
    List<Double> best = new ArrayList<>(List.of(reference.bestJct()));
    List<Plot.Series> curves = new ArrayList<>(List.of(Charts.curve(referenceLabel, reference)));
    for (Variant variant : variants) {
      String label = variant.label().replace(' ', '-');
      TrainedPolicy run =
          context.train(variant.change().apply(context.recipe(context.preset()).labelled(label)));
      table.row(
          variant.label(),
          run.bestJct(),
          run.bestStep(),
          run.finalJct(),
          Charts.percentChange(reference.bestJct(), run.bestJct()),
          variant.paper());
      labels.add(variant.label());
      best.add(run.bestJct());
      curves.add(Charts.curve(variant.label(), run));
    }
    List<Plot.Series> bars = List.of(Plot.Series.ofBars("test JCT", best));
    List<String> notes =
        List.of(
            "Every run uses the study recipe (from scratch, "
                + context.budget().rlSteps()
                + " steps, lr "
                + context.budget().learningRate()
                + ", prioritised replay, original exploration, critic, slot reward) on "
                + context.preset().name()
                + " and changes one switch; the greedy JCT, on "
                + context.validationTraces()
                + " test traces, of the checkpoint that was best on the validation traces. Positive changes are worse than the recipe.");
    return new StudyReport(
        name,
        title,
        claim,
        table,
        List.of(
            Plot.bars(
                name + "-best",
                "Test JCT per variant (the checkpoint best on validation)",
                "mean avg JCT (slots)",
                labels,
                bars),
            Charts.learningCurves(name + "-curves", "Validation JCT per step", curves)),
        notes);
  }
}
