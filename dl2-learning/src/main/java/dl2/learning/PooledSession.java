package dl2.learning;

import dl2.learning.nn.FrozenMlp;
import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.PooledInference;

/**
 * The fast path of a pooled-embeddings policy: the window's changes go straight to the network's
 * per-column cache, greedy decisions take the argmax of the masked logits (no softmax), and no
 * observation is built. Single-precision logits differ from the double-precision network's by
 * rounding (about 1e-6 here); when that could change the decision (the two best logits, or the
 * draw and a cumulative probability, closer than {@link #TIE}) the decision is taken on the
 * double-precision network instead, so decisions are the reference path's.
 */
final class PooledSession implements PolicySession {
  /** How close counts as a possible tie: a hundred times the single-precision error seen here. */
  static final double TIE = 1e-4;

  private final SlotWindow window;
  private final PooledInference network;
  private final FrozenMlp exact;
  private final double[] logits;
  private long exactDecisions;

  PooledSession(SlotWindow window, PooledInference network, FrozenMlp exact) {
    this.window = window;
    this.network = network;
    this.exact = exact;
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

  /** q from the single-precision logits (training agents; within rounding of the exact q). */
  @Override
  public double[] probabilities() {
    network.logits(logits);
    return MaskedSoftmax.probabilities(logits, window.mask(), new double[logits.length]);
  }

  @Override
  public int greedy() {
    int best = network.argmax(window.mask());
    if (network.margin() > TIE) {
      return best;
    }
    return Decoding.argmax(exactProbabilities());
  }

  @Override
  public int sample(double u) {
    double[] q = probabilities();
    double cumulative = 0;
    for (int a = 0; a < q.length; a++) {
      if (q[a] > 0) {
        double before = cumulative;
        cumulative += q[a];
        if (cumulative > u) {
          return u - before > TIE && cumulative - u > TIE ? a : Decoding.sample(exactProbabilities(), u);
        }
      }
    }
    return Decoding.sample(exactProbabilities(), u);
  }

  /** Decisions taken on the double-precision network because single precision could not tell. */
  long exactDecisions() {
    return exactDecisions;
  }

  private double[] exactProbabilities() {
    exactDecisions++;
    Observation observation = window.observation();
    return MaskedSoftmax.probabilities(exact.forward(observation.state()), observation.mask(),
        new double[observation.mask().length]);
  }
}
