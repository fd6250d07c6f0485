package dl2.learning.rl.explore;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.policy.ActionChooser;
import dl2.learning.policy.Decoding;
import dl2.learning.state.Observation;
import dl2.model.Rng;

/**
 * DL2's job-aware exploration (dl2-spec §7.10): after a ~ q is sampled, training may replace it.
 * One instance per agent, not thread-safe, stateful across an episode because of the counts c.
 *
 * <p>Call order, enforced with {@link IllegalStateException}: {@code startEpisode()} once per
 * episode (fresh environment); then per slot {@code startSlot(rng)} after the start-of-slot bundle
 * and before the first decision (§5.2 step 4); then {@code override(...)} once per decision of §7.3
 * step 3. Validation never uses an exploration.
 *
 * <p>{@code override} counts the action it returns (when it is not stop) into c, because §7.3
 * executes that action right away: stop ends the slot, anything else is counted and then tried. So
 * the caller must execute exactly the returned action, and must not call {@code override} for a
 * decision it will not execute. There is no separate count call to forget.
 */
public interface Exploration {
  /** Starts an episode: c ← (0, 0, 0). */
  void startEpisode();

  /** Starts a slot: draws the per-slot parameters (ρ ∈ {3..7} for the original rules) from rng. */
  void startSlot(Rng rng);

  /**
   * The action to execute for this decision: {@code sampledAction} or its replacement. A negative
   * {@code sampledAction} (nothing to sample: Σ(π⊙m) ≤ 0) is returned as is, with no draws.
   *
   * @param q the behaviour distribution π⊙m/Σ(π⊙m), of length 3J+1 like the mask
   */
  int override(Observation observation, double[] q, int sampledAction, Rng rng);

  /** c so far in this episode. */
  ExecutedCounts counts();

  /**
   * Saves the mode, c, the call-order state (episode and slot started) and the per-slot parameters
   * (ρ for {@code original}), so that a restored instance continues mid-episode or mid-slot without
   * another {@code startEpisode}/{@code startSlot}.
   */
  void writeState(StateWriter out);

  /**
   * Replaces this instance's state with one saved by {@link #writeState} from an instance of the
   * same mode; a different mode or a corrupt stream is an {@link dl2.io.InputException}.
   */
  void readState(StateReader in);

  /**
   * The chooser for {@code SlotDecisions.run} in training: a ~ q with {@link Decoding#SAMPLED},
   * then {@link #override}, both drawing from {@code rng} in that order.
   */
  default ActionChooser sampling(Rng rng) {
    return (observation, q) -> override(observation, q, Decoding.SAMPLED.choose(q, rng), rng);
  }
}
