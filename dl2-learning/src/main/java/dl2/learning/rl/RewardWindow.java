package dl2.learning.rl;

/**
 * The rewards of the latest ≤ capacity stored samples and their mean. The running sum is rebuilt
 * from the window each time the ring wraps, so rounding cannot accumulate past one pass.
 */
final class RewardWindow {
  private final double[] rewards;
  private int next;
  private int size;
  private double sum;

  RewardWindow(int capacity) {
    rewards = new double[capacity];
  }

  void add(double reward) {
    if (!Double.isFinite(reward)) {
      throw new IllegalArgumentException("reward must be finite: " + reward);
    }
    sum += reward - rewards[next];
    rewards[next] = reward;
    next = (next + 1) % rewards.length;
    size = Math.min(size + 1, rewards.length);
    if (next == 0) {
      sum = 0;
      for (double r : rewards) {
        sum += r;
      }
    }
  }

  double mean() {
    if (size == 0) {
      throw new IllegalStateException("no rewards stored");
    }
    return sum / size;
  }
}
