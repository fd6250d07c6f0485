package dl2.experiment;

import dl2.placement.FewestNodes;
import dl2.report.Plot;
import dl2.report.ResultTable;
import dl2.report.StudyReport;
import dl2.schedulers.OptimusRemaining.Rank;
import dl2.schedulers.registry.Schedulers;
import dl2.schedulers.rollout.RolloutConfig;
import dl2.schedulers.rollout.RolloutPlanner;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The settings behind {@code rollout}'s {@link RolloutConfig#SHIPPED} (docs/heuristics/rollout.md):
 * each {@link RolloutConfig} tried, as {@code rollout@fewest-nodes}, on paper-dense's validation
 * traces ({@code compare}'s), against {@code optimus-remaining@fewest-nodes}, its base. Test traces
 * are never used. Its own placement is fewest-nodes, where the rollout's model is exact.
 */
final class RolloutVariantsStudy implements Study {
  /** The base heuristic, the reference row. */
  private static final String BASE = Schedulers.OPTIMUS_REMAINING;

  private static final List<Rank> OTHER_RANKS =
      List.of(Rank.GAIN, Rank.GAIN_PER_SQUARED_REMAINING_TIME);

  @Override
  public String name() {
    return "rollout-variants";
  }

  @Override
  public String placement() {
    return FewestNodes.NAME;
  }

  /** The settings in the order they were tried; the shipped one is last. */
  static List<RolloutConfig> candidates() {
    List<Rank> none = List.of();
    return List.of(
        new RolloutConfig(10, 0, 0, 0, none),
        new RolloutConfig(10, 3, 0, 0, none),
        new RolloutConfig(10, 0, 0, 3, none),
        new RolloutConfig(10, 0, 0, 0, OTHER_RANKS),
        new RolloutConfig(10, 3, 3, 3, OTHER_RANKS),
        new RolloutConfig(20, 3, 3, 3, OTHER_RANKS),
        new RolloutConfig(0, 3, 3, 3, OTHER_RANKS),
        new RolloutConfig(5, 3, 3, 3, OTHER_RANKS),
        new RolloutConfig(3, 3, 0, 3, OTHER_RANKS),
        new RolloutConfig(1, 3, 0, 3, OTHER_RANKS),
        new RolloutConfig(10, 0, 5, 0, none),
        new RolloutConfig(10, 0, 10, 0, none),
        new RolloutConfig(0, 0, 5, 0, none),
        new RolloutConfig(3, 0, 10, 0, none),
        new RolloutConfig(3, 0, 5, 0, none),
        RolloutConfig.SHIPPED);
  }

  @Override
  public StudyReport run(StudyContext context) {
    Evaluator validation = context.validationEvaluator(Presets.PAPER_DENSE);
    ResultTable table =
        new ResultTable(
            "scheduler",
            "horizon_slots",
            "trimmed",
            "held_back",
            "served_first",
            "other_ranks",
            "mean_avg_jct",
            "vs_reference");
    double reference = validation.baseline(BASE);
    table.row(context.named(BASE) + " (reference)", "-", "-", "-", "-", "-", reference, 1.0);
    List<String> names = new ArrayList<>(List.of(context.named(BASE)));
    List<Double> ratios = new ArrayList<>(List.of(1.0));
    List<RolloutConfig> candidates = candidates();
    List<Double> jcts =
        context
            .progress()
            .each(
                "rollout variants",
                candidates,
                config -> validation.scheduler(() -> new RolloutPlanner(config)));
    for (int i = 0; i < candidates.size(); i++) {
      RolloutConfig config = candidates.get(i);
      String label =
          context.named(RolloutPlanner.NAME)
              + (config.equals(RolloutConfig.SHIPPED) ? " (shipped)" : "");
      table.row(
          label,
          config.horizonSlots(),
          config.trimmedJobs(),
          config.heldBackJobs(),
          config.boostedJobs(),
          ranks(config.otherRanks()),
          jcts.get(i),
          jcts.get(i) / reference);
      names.add(String.valueOf(i + 1));
      ratios.add(jcts.get(i) / reference);
    }
    List<String> notes =
        List.of(
            context.validationTraces()
                + " validation traces of paper-dense (those `dl2 compare --workload paper-dense"
                + " --trace-set validation` runs with the same seed); this study ignores --workload.",
            "horizon_slots is RolloutConfig's H (0: the present jobs run to completion); trimmed, held_back and served_first"
                + " count the candidates of each kind (trimmedJobs, heldBackJobs, boostedJobs); other_ranks are"
                + " optimus-remaining's ranks tried as whole candidates (gain = Optimus', gain/t0² = gain per squared"
                + " remaining time).",
            "Every scheduler places its tasks as its name reads: by fewest-nodes, the study's own placement, unless --placement"
                + " names another.",
            "Bars are numbered in table order after the reference.");
    return new StudyReport(
        name(),
        "Rollout variants: the settings among which rollout's was chosen",
        "Not in the paper.",
        table,
        List.of(
            Plot.bars(
                "rollout-variants-score",
                "Mean average JCT against optimus-remaining on paper-dense's"
                    + " validation traces",
                "mean JCT / optimus-remaining",
                names,
                List.of(Plot.Series.ofBars("mean JCT / optimus-remaining", ratios)))),
        notes);
  }

  private static String ranks(List<Rank> ranks) {
    return ranks.isEmpty()
        ? "none"
        : ranks.stream()
            .map(
                r ->
                    switch (r) {
                      case GAIN -> "gain";
                      case GAIN_PER_REMAINING_TIME -> "gain/t0";
                      case GAIN_PER_REMAINING_TIME_AND_SHARE -> "gain/(t0·share)";
                      case GAIN_PER_SQUARED_REMAINING_TIME -> "gain/t0²";
                      case GAIN_PER_REMAINING_WORK -> "gain/R";
                      case GAIN_WITHIN_LAST_SLOT -> "gain/max(t0, 1)";
                    })
            .collect(Collectors.joining(", "));
  }
}
