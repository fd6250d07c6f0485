package dl2.learning.replay;

/**
 * One stored RL decision (dl2-spec §7.3, §7.5): the state and mask it was taken in, the action, the
 * behaviour distribution q it was drawn from, its reward, and for discounted returns the first
 * observation of the next slot ({@code nextState} is null at the end of an episode), and, for the
 * all-actions gradient, the immediate reward every action would have earned ({@code actionRewards},
 * null otherwise), and for a residual policy the action its base rule favoured ({@code favoured},
 * whose logit the update raises by the bonus; -1 otherwise).
 */
public record Transition(
    double[] state,
    boolean[] mask,
    int action,
    double[] behaviour,
    double reward,
    double[] nextState,
    double[] actionRewards,
    int favoured) {
  /** A transition of a plain (not residual) policy. */
  public Transition(
      double[] state,
      boolean[] mask,
      int action,
      double[] behaviour,
      double reward,
      double[] nextState,
      double[] actionRewards) {
    this(state, mask, action, behaviour, reward, nextState, actionRewards, -1);
  }

  /** A transition without per-action rewards. */
  public Transition(
      double[] state,
      boolean[] mask,
      int action,
      double[] behaviour,
      double reward,
      double[] nextState) {
    this(state, mask, action, behaviour, reward, nextState, null);
  }

  public boolean terminal() {
    return nextState == null;
  }
}
