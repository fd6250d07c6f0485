package dl2.learning.policy;

import dl2.learning.state.SlotWindow;
import dl2.learning.state.WindowListener;

/**
 * A policy following one {@link SlotWindow} through the decisions of its slots: it hears every
 * change of the window and gives the behaviour distribution or the greedy action for its current
 * state. The default session re-reads the whole observation at each decision; a network with cached
 * per-column work redoes only what changed.
 */
public interface PolicySession extends WindowListener {
  /** q for the window's current state, as {@link Policy#actionProbabilities}; a fresh array. */
  double[] probabilities();

  /**
   * q as the double-precision network gives it, bit for bit; a session whose q may differ by
   * rounding (single precision) overrides it.
   */
  default double[] exactProbabilities() {
    return probabilities();
  }

  /** The greedy action: argmax q, ties to the lower index; -1 if q has no positive entry. */
  int greedy();

  /**
   * The sampled action for the uniform draw {@code u}, as {@link Decoding#SAMPLED} picks it from q.
   */
  default int sample(double u) {
    return Decoding.sample(probabilities(), u);
  }
}
