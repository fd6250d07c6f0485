package dl2.learning.policy;

import dl2.learning.state.Observation;

/**
 * Picks the action of one decision: a decoding ({@link Decoding#chooser}), or in training a draw
 * from q that exploration may replace.
 */
@FunctionalInterface
public interface ActionChooser {
  /**
   * The action to take for {@code observation} with behaviour distribution q, or -1 to end the slot
   * without a decision.
   */
  int choose(Observation observation, double[] q);

  /**
   * The action for {@code decision}: by default from its observation and q. A decoding reads the
   * policy session's own answer instead, which builds neither.
   */
  default int choose(DecisionPoint decision) {
    return choose(decision.observation(), decision.probabilities());
  }
}
