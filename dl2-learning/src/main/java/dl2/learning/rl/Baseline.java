package dl2.learning.rl;

/** What the advantage subtracts from the target (dl2-spec §7.7). */
public enum Baseline {
  /** The value network V(s) (default). */
  CRITIC,
  /** No critic: the mean reward in replay (Original ablation). */
  REPLAY_MEAN,
  /** No critic: an exponential moving average of rewards (Paper ablation). */
  MOVING_AVERAGE
}
