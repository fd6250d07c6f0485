package dl2.learning;

import dl2.learning.nn.FrozenMlp;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;

/**
 * A snapshot of the policy network as a {@link Policy}: masked softmax over its logits, on the
 * fast inference path. Not thread-safe.
 */
public final class NeuralPolicy implements Policy {
  private final FrozenMlp network;

  public NeuralPolicy(Mlp network) {
    this.network = new FrozenMlp(network);
  }

  @Override
  public double[] actionProbabilities(Observation observation) {
    double[] logits = network.forward(observation.state());
    return MaskedSoftmax.probabilities(logits, observation.mask(), new double[logits.length]);
  }
}
