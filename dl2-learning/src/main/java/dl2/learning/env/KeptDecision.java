package dl2.learning.env;

import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;

/**
 * A decision the slot kept, as training stores it once its reward is known: what it saw, the
 * distribution it drew from, the action, its job (-1 for stop), and the allocations before it if
 * its reward needs them (the marginal rewards; else null), and for a residual policy the action its
 * base rule favoured (-1 otherwise).
 */
public record KeptDecision(
    double[] state,
    boolean[] mask,
    double[] q,
    int action,
    int jobId,
    MarginalReward.Snapshot snapshot,
    int favoured) {
  /** A decision of a plain (not residual) policy: no action favoured. */
  public KeptDecision(
      double[] state,
      boolean[] mask,
      double[] q,
      int action,
      int jobId,
      MarginalReward.Snapshot snapshot) {
    this(state, mask, q, action, jobId, snapshot, -1);
  }

  /** This decision with its residual base rule's favoured action (see {@link #favoured}). */
  public KeptDecision favouring(int action) {
    return new KeptDecision(state, mask, q, this.action, jobId, snapshot, action);
  }

  /**
   * The decision to take {@code action} of {@code actions} on {@code observation} with q, kept for
   * {@code rewards}.
   */
  public static KeptDecision of(
      Observation observation,
      double[] q,
      int action,
      ActionSpace actions,
      DecisionReward rewards) {
    int jobId = actions.isStop(action) ? -1 : observation.columns()[actions.column(action)].id();
    return new KeptDecision(
        observation.state(),
        observation.mask(),
        q,
        action,
        jobId,
        rewards.snapshot(observation, action));
  }
}
