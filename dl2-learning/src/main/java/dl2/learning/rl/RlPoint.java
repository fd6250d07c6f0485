package dl2.learning.rl;

import java.util.List;

/**
 * One validation of the RL phase: greedy validation JCT and makespan, and training statistics since
 * the last one.
 */
public record RlPoint(
    long step,
    double validationJct,
    double validationMakespan,
    double slotReward,
    double entropy,
    double policyLoss,
    double valueLoss) {
  public static final List<String> COLUMNS =
      List.of(
          "step",
          "val_jct_greedy",
          "val_makespan_greedy",
          "train_slot_reward",
          "entropy",
          "policy_loss",
          "value_loss");

  public double[] values() {
    return new double[] {
      step, validationJct, validationMakespan, slotReward, entropy, policyLoss, valueLoss
    };
  }

  public static RlPoint of(double[] v) {
    return new RlPoint((long) v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
  }
}
