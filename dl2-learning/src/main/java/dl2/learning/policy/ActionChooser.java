package dl2.learning.policy;

import dl2.learning.state.Observation;

/** Picks the action for one observation from q; training adds exploration here. */
@FunctionalInterface
public interface ActionChooser {
  /** The action to take, or -1 to end the slot without a decision. */
  int choose(Observation observation, double[] q);
}
