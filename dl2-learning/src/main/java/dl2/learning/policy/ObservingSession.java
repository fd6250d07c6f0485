package dl2.learning.policy;

import dl2.learning.state.SlotWindow;

/** The plain {@link PolicySession}: every decision observes the whole window afresh. */
final class ObservingSession implements PolicySession {
  private final Policy policy;
  private final SlotWindow window;

  ObservingSession(Policy policy, SlotWindow window) {
    this.policy = policy;
    this.window = window;
  }

  @Override
  public double[] probabilities() {
    return policy.actionProbabilities(window.observation());
  }

  @Override
  public int greedy() {
    return Decoding.argmax(probabilities());
  }

  @Override
  public void reset() {}

  @Override
  public void changed(int column) {}

  @Override
  public void removed(int column) {}
}
