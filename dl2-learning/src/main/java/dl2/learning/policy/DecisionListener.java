package dl2.learning.policy;

import dl2.learning.state.Observation;

/** Told about every decision of a slot; training stores samples from it. */
public interface DecisionListener {
  /** Hears nothing, so that the decision loop builds no observation for it (inference). */
  DecisionListener NONE = (observation, q, action, stop) -> {};

  /**
   * One decision that the slot kept: a stop, or an allocation that succeeded (dl2-spec §7.3: a
   * failed allocation ends the slot and stores nothing, so it is not reported).
   */
  void decided(Observation observation, double[] q, int action, boolean stop);
}
