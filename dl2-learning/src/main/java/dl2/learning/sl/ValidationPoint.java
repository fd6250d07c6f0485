package dl2.learning.sl;

import java.util.List;

/**
 * One validation of the warm-up: the policy's mean avg JCT and makespan (greedy; sampled if
 * enabled, else NaN), the teacher's mean avg JCT, imitation accuracy and cross-entropy on the
 * teacher's validation decisions, and the mean training loss since the previous validation.
 */
public record ValidationPoint(
    long step,
    double trainLoss,
    double greedyJct,
    double greedyMakespan,
    double sampledJct,
    double teacherJct,
    double accuracy,
    double crossEntropy) {

  static final List<String> COLUMNS =
      List.of(
          "step",
          "train_loss",
          "val_jct_greedy",
          "val_makespan_greedy",
          "val_jct_sampled",
          "teacher_jct",
          "imitation_accuracy",
          "val_cross_entropy");

  double[] values() {
    return new double[] {
      step, trainLoss, greedyJct, greedyMakespan, sampledJct, teacherJct, accuracy, crossEntropy
    };
  }

  /** The point of a curve row ({@link #values}). */
  static ValidationPoint of(double[] v) {
    return new ValidationPoint((long) v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
  }
}
