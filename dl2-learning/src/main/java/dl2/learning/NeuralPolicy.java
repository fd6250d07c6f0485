package dl2.learning;

import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;

/** The policy network as a {@link Policy}: masked softmax over its logits. Not thread-safe. */
public final class NeuralPolicy implements Policy {
  private final Mlp network;

  public NeuralPolicy(Mlp network) {
    this.network = network;
  }

  @Override
  public double[] actionProbabilities(Observation observation) {
    double[] logits = network.forward(observation.state());
    return MaskedSoftmax.probabilities(logits, observation.mask(), new double[logits.length]);
  }
}
