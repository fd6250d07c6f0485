package dl2.learning.policy;

import dl2.learning.nn.FrozenMlp;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkKind;
import dl2.learning.nn.PooledExact;
import dl2.learning.nn.PooledInference;
import dl2.learning.state.Observation;
import dl2.learning.state.SlotWindow;

/**
 * A snapshot of the policy network as a {@link Policy}: masked softmax over its logits, on the fast
 * inference path. A pooled-embeddings network also gets an incremental single-precision session
 * ({@link PooledSession}). Not thread-safe.
 */
public final class NeuralPolicy implements Policy {
  private final FrozenMlp network;
  private final PooledInference pooled; // null unless pooled embeddings
  private final PooledExact exact;

  public NeuralPolicy(Mlp network) {
    this.network = new FrozenMlp(network);
    boolean isPooled = network.spec().kind() == NetworkKind.POOLED_EMBEDDINGS;
    this.pooled = isPooled ? new PooledInference(network) : null;
    this.exact = isPooled ? new PooledExact(network) : null;
  }

  @Override
  public double[] actionProbabilities(Observation observation) {
    double[] logits = network.forward(observation.state());
    return MaskedSoftmax.probabilities(logits, observation.mask(), new double[logits.length]);
  }

  /** One session at a time: sessions of a pooled-embeddings policy share its cache. */
  @Override
  public PolicySession session(SlotWindow window) {
    return pooled == null ? Policy.super.session(window) : new PooledSession(window, pooled, exact);
  }
}
