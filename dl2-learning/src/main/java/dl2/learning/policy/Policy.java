package dl2.learning.policy;

import dl2.learning.state.Observation;
import dl2.learning.state.SlotWindow;
import dl2.slot.ObservedSlot;

/**
 * A scheduling policy over the 3J+1 actions: pure, so the same policy serves inference, validation
 * and a live cluster. Returns the behaviour distribution q = π(s)⊙m / Σ(π(s)⊙m) (dl2-spec §7.2),
 * all zeros if no allowed action has positive probability.
 */
public interface Policy {
  double[] actionProbabilities(Observation observation);

  /**
   * Called once per slot before its first decision, with the slot as the policy step sees it: a
   * policy whose q depends on the slot's plan (the residual policy) makes it here.
   */
  default void startSlot(ObservedSlot slot) {}

  /**
   * This policy following {@code window}'s decisions; by default each decision re-reads the whole
   * window.
   */
  default PolicySession session(SlotWindow window) {
    return new ObservingSession(this, window);
  }
}
