package dl2.learning;

import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.PooledInference;

/**
 * The fast path of a pooled-embeddings policy: the window's changes go straight to the network's
 * per-column cache, greedy decisions take the argmax of the masked logits (no softmax), and no
 * observation is built.
 */
final class PooledSession implements PolicySession {
  private final SlotWindow window;
  private final PooledInference network;
  private final double[] logits;

  PooledSession(SlotWindow window, PooledInference network) {
    this.window = window;
    this.network = network;
    this.logits = new double[3 * network.window() + 1];
  }

  @Override
  public void reset() {
    network.clear();
    for (int c = 0; c < network.window(); c++) {
      if (window.column(c) != null) {
        network.setColumn(c, window.features(c), 0);
      }
    }
    network.setGlobals(window.globals(), 0);
  }

  @Override
  public void changed(int column) {
    network.setColumn(column, window.features(column), 0);
    network.setGlobals(window.globals(), 0);
  }

  @Override
  public void removed(int column) {
    network.removeColumn(column);
  }

  @Override
  public double[] probabilities() {
    network.logits(logits);
    return MaskedSoftmax.probabilities(logits, window.mask(), new double[logits.length]);
  }

  @Override
  public int greedy() {
    return network.argmax(window.mask());
  }
}
