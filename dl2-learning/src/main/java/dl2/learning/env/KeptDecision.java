package dl2.learning.env;

import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;

/**
 * A decision the slot kept, as training stores it once its reward is known: what it saw, the
 * distribution it drew from, the action, its job (-1 for stop), and the allocations before it if
 * its reward needs them (the marginal rewards; else null).
 */
public record KeptDecision(
    double[] state,
    boolean[] mask,
    double[] q,
    int action,
    int jobId,
    MarginalReward.Snapshot snapshot) {
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
