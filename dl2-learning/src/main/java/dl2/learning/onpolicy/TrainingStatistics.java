package dl2.learning.onpolicy;

/** Training statistics between two validations. */
final class TrainingStatistics {
  private double reward;
  private int rollouts;
  private double loss;
  private double entropy;
  private int updates;

  void reward(double meanSlotReward) {
    reward += meanSlotReward;
    rollouts++;
  }

  void update(double batchLoss, double batchEntropy) {
    loss += batchLoss;
    entropy += batchEntropy;
    updates++;
  }

  double meanReward() {
    return rollouts == 0 ? Double.NaN : reward / rollouts;
  }

  double meanLoss() {
    return updates == 0 ? Double.NaN : loss / updates;
  }

  double meanEntropy() {
    return updates == 0 ? Double.NaN : entropy / updates;
  }
}
