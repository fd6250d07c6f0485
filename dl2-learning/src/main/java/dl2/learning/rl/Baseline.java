package dl2.learning.rl;

/** What the advantage subtracts from the target (dl2-spec §7.7). */
public enum Baseline {
  /** The value network V(s) (default). */
  CRITIC,
  /**
   * Project: a job-aware critic with one output per window column and one for stop; an action is
   * compared with V(s)[its column], the expected reward of that job from this state. Meant for the
   * per-job reward, where it separates "which job" from "which task for the job".
   */
  JOB_CRITIC,
  /** No critic: the mean reward in replay (Original ablation). */
  REPLAY_MEAN,
  /** No critic: an exponential moving average of rewards (Paper ablation). */
  MOVING_AVERAGE;

  /** Whether a value network is trained. */
  public boolean usesCritic() {
    return this == CRITIC || this == JOB_CRITIC;
  }
}
