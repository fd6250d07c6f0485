package dl2.report;

import java.util.List;

/**
 * DL2's greedy validation JCT over training steps, with other schedulers' levels (DRF for scale,
 * Optimus as the target, the published Optimus) drawn as flat lines. The levels must be measured on
 * the curve's own validation traces: the report's traces differ, and a level from other traces
 * would put the curve above or below it by the difference between trace sets.
 */
public final class LearningCurveFigure {
  /** A scheduler's mean average JCT on the curve's validation traces. */
  public record Level(String scheduler, double meanAvgJct) {}

  /**
   * The traces the curve was validated on, and the levels measured on them.
   *
   * @param description e.g. "the run's 10 validation traces of paper-large (base seed 9973)", or
   *     why no levels could be measured
   * @param levels empty when the traces are not known
   */
  public record Levels(String description, List<Level> levels) {
    public Levels {
      levels = List.copyOf(levels);
    }
  }

  private LearningCurveFigure() {}

  public static Figure of(TrainingCurve curve, Levels levels) {
    LineChart chart =
        new LineChart("DL2 learning curve", "training step", "validation mean average JCT (slots)")
            .integerX();
    chart.add("dl2 (greedy)", curve.steps(), curve.validationJct());
    double[] span = {curve.steps()[0], curve.steps()[curve.steps().length - 1]};
    for (Level level : levels.levels()) {
      chart.add(level.scheduler(), span, new double[] {level.meanAvgJct(), level.meanAvgJct()});
    }
    String caption =
        "Greedy validation JCT of the policy during training, from "
            + curve.source().getFileName()
            + ", on "
            + levels.description()
            + (levels.levels().isEmpty()
                ? "."
                : "; flat lines: "
                    + String.join(", ", levels.levels().stream().map(Level::scheduler).toList())
                    + " on those same traces.")
            + " These are the traces that chose the checkpoint, so they flatter it; the tables above use other traces.";
    return new Figure("learning-curve", caption, chart.render("learning-curve"));
  }
}
