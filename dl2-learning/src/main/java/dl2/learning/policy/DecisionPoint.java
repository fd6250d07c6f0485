package dl2.learning.policy;

import dl2.learning.state.Observation;

/**
 * One decision of a slot's loop, its inputs built only when asked: what the policy sees, the
 * behaviour distribution q, or the policy session's own greedy and sampled answers, which need
 * neither (the inference fast path). Each is built at most once per decision.
 */
public interface DecisionPoint {
  /** What the policy sees before this decision (detached: later decisions do not change it). */
  Observation observation();

  /** q for this decision, as {@link Policy#actionProbabilities} gives it. */
  double[] probabilities();

  /** The greedy action: argmax q, ties to the lower index; -1 if q has no positive entry. */
  int greedy();

  /**
   * The sampled action for the uniform draw {@code uniform}, as {@link Decoding#SAMPLED} picks it
   * from q.
   */
  int sample(double uniform);
}
