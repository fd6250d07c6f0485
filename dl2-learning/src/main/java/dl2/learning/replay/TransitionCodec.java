package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;

/**
 * Writes and reads a {@link Transition} for a saved replay: state, mask, action, behaviour q,
 * reward and the nullable next state, each array with its length. Use as {@code
 * replay.writeState(out, TransitionCodec::write)} and {@code replay.readState(in,
 * TransitionCodec::read)}.
 */
public final class TransitionCodec {
  private TransitionCodec() {}

  public static void write(StateWriter out, Transition t) {
    if (t.state() == null || t.mask() == null || t.behaviour() == null) {
      throw new IllegalArgumentException(
          "a transition needs a state, a mask and a behaviour distribution");
    }
    out.writeDoubles(t.state());
    out.writeBooleans(t.mask());
    out.writeInt(t.action());
    out.writeDoubles(t.behaviour());
    out.writeDouble(t.reward());
    out.writeDoubles(t.nextState());
    out.writeDoubles(t.actionRewards());
  }

  /**
   * A transition saved by {@link #write}; a missing array or an action outside q is an
   * InputException.
   */
  public static Transition read(StateReader in) {
    double[] state = in.readDoubles();
    boolean[] mask = in.readBooleans();
    int action = in.readInt();
    double[] behaviour = in.readDoubles();
    double reward = in.readDouble();
    double[] nextState = in.readDoubles();
    double[] actionRewards = in.readDoubles();
    if (state == null || mask == null || behaviour == null) {
      throw in.corrupt("transition without a state, mask or behaviour distribution");
    }
    if (behaviour.length != mask.length || action < 0 || action >= mask.length) {
      throw in.corrupt(
          "transition with action "
              + action
              + ", "
              + mask.length
              + " mask entries and "
              + behaviour.length
              + " probabilities");
    }
    return new Transition(state, mask, action, behaviour, reward, nextState, actionRewards);
  }
}
