package dl2.learning.policy;

import dl2.learning.state.SlotWindow;

/**
 * A {@link ResidualPolicy} following a window: the network's session hears every change, and each
 * decision reweights its q by the rule's next action. Greedy and sampled decisions read the
 * network's exact q ({@link PolicySession#exactProbabilities}), so that the fast path decides as
 * the reference path does, to the bit.
 */
final class ResidualSession implements PolicySession {
  private final ResidualPolicy policy;
  private final PolicySession network;
  private final SlotWindow window;

  ResidualSession(ResidualPolicy policy, PolicySession network, SlotWindow window) {
    this.policy = policy;
    this.network = network;
    this.window = window;
  }

  @Override
  public double[] probabilities() {
    return policy.boost(network.probabilities(), policy.favoured(window));
  }

  @Override
  public double[] exactProbabilities() {
    return policy.boost(network.exactProbabilities(), policy.favoured(window));
  }

  @Override
  public int greedy() {
    return Decoding.argmax(exactProbabilities());
  }

  @Override
  public int sample(double u) {
    return Decoding.sample(exactProbabilities(), u);
  }

  @Override
  public void reset() {
    network.reset();
  }

  @Override
  public void changed(int column) {
    network.changed(column);
  }

  @Override
  public void globalsChanged() {
    network.globalsChanged();
  }

  @Override
  public void removed(int column) {
    network.removed(column);
  }
}
