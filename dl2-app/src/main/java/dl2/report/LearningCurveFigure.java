package dl2.report;

import java.util.List;

/**
 * DL2's greedy validation JCT over training steps, with the comparison's levels of other
 * schedulers (DRF for scale, Optimus as the target) drawn as flat lines.
 */
public final class LearningCurveFigure {
  /** A scheduler's mean average JCT in the same comparison. */
  public record Level(String scheduler, double meanAvgJct) {}

  private LearningCurveFigure() {}

  public static Figure of(TrainingCurve curve, List<Level> levels) {
    LineChart chart = new LineChart("DL2 learning curve", "training step", "validation mean average JCT (slots)");
    chart.add("dl2 (greedy)", curve.steps(), curve.validationJct());
    double[] span = {curve.steps()[0], curve.steps()[curve.steps().length - 1]};
    for (Level level : levels) {
      chart.add(level.scheduler() + " (this report)", span, new double[] {level.meanAvgJct(), level.meanAvgJct()});
    }
    return new Figure("learning-curve", "Greedy validation JCT of the policy during training, from "
        + curve.source().getFileName() + "; the validation traces are those of the training run.", chart.render());
  }
}
