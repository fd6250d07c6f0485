package dl2.report;

import java.util.OptionalDouble;

/** DL2's greedy validation JCT over training steps, with the comparison's DRF level for scale. */
public final class LearningCurveFigure {
  private LearningCurveFigure() {}

  public static Figure of(TrainingCurve curve, OptionalDouble drfJct) {
    LineChart chart = new LineChart("DL2 learning curve", "training step", "validation mean average JCT (slots)");
    chart.add("dl2 (greedy)", curve.steps(), curve.validationJct());
    drfJct.ifPresent(drf -> chart.add("drf (this report)", new double[] {curve.steps()[0], curve.steps()[curve.steps().length - 1]},
        new double[] {drf, drf}));
    return new Figure("learning-curve", "Greedy validation JCT of the policy during training, from "
        + curve.source().getFileName() + "; the validation traces are those of the training run.", chart.render());
  }
}
