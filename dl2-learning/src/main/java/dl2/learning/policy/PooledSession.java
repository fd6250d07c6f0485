package dl2.learning.policy;

import dl2.learning.nn.MaskedSoftmax;
import dl2.learning.nn.PooledExact;
import dl2.learning.nn.PooledInference;
import dl2.learning.state.SlotWindow;
import java.util.Arrays;

/**
 * The fast path of a pooled-embeddings policy: the window's changes go straight to the network's
 * per-column cache, greedy decisions take the argmax of the masked logits (no softmax), and no
 * observation is built. Single-precision logits differ from the double-precision network's by
 * rounding (at most 4e-7 × the largest logit, measured on trained policies); when that could change
 * the decision (the two best logits, or the draw and a cumulative probability, closer than {@link
 * #TIE} × (1 + the largest logit)) the decision is taken on exact double-precision logits ({@link
 * PooledExact}, bit-identical to the network's), so decisions are the reference path's.
 */
public final class PooledSession implements PolicySession {
  /**
   * How close, relative to 1 + the largest logit, counts as a possible tie: 50 times the rounding
   * seen.
   */
  static final double TIE = 2e-5;

  private final SlotWindow window;
  private final PooledInference network;
  private final PooledExact exact;
  private final double[] logits;
  private long exactDecisions;

  PooledSession(SlotWindow window, PooledInference network, PooledExact exact) {
    this.window = window;
    this.network = network;
    this.exact = exact;
    this.logits = new double[3 * network.window() + 1];
  }

  @Override
  public void reset() {
    network.clear();
    exact.clear();
    for (int c = 0; c < network.window(); c++) {
      if (window.column(c) != null) {
        network.setColumn(c, window.features(c), 0);
        exact.setColumn(c, window.features(c), 0);
      }
    }
    network.setGlobals(window.globals(), 0);
    exact.setGlobals(window.globals(), 0);
  }

  @Override
  public void changed(int column) {
    network.setColumn(column, window.features(column), 0);
    exact.setColumn(column, window.features(column), 0);
    network.setGlobals(window.globals(), 0);
    exact.setGlobals(window.globals(), 0);
  }

  @Override
  public void globalsChanged() {
    network.setGlobals(window.globals(), 0);
    exact.setGlobals(window.globals(), 0);
  }

  @Override
  public void removed(int column) {
    network.removeColumn(column);
    exact.removeColumn(column);
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
    if (network.margin() > tie(Math.abs(network.logit(best))) || onlyTwinsClose(best)) {
      return best;
    }
    return Decoding.argmax(exactProbabilities());
  }

  /**
   * Whether every other allowed action within {@link #TIE} of {@code best} is the same task for a
   * job with exactly the same features (common: jobs of one type and state). Such twins get equal
   * logits on both paths and both pick the lowest index, so the tie decides nothing.
   */
  private boolean onlyTwinsClose(int best) {
    boolean[] mask = window.mask();
    int stop = mask.length - 1;
    if (best == stop) {
      return false;
    }
    float bestLogit = network.logit(best);
    double tie = tie(Math.abs(bestLogit));
    double[] bestFeatures = window.features(best / 3);
    for (int a = 0; a < mask.length; a++) {
      if (a == best || !mask[a] || bestLogit - network.logit(a) > tie) {
        continue;
      }
      if (a == stop
          || a % 3 != best % 3
          || a < best
          || !Arrays.equals(window.features(a / 3), bestFeatures)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int sample(double u) {
    double[] q = probabilities();
    double largest = 0;
    for (int a = 0; a < q.length; a++) {
      if (window.mask()[a]) {
        largest = Math.max(largest, Math.abs(logits[a]));
      }
    }
    double tie = tie(largest);
    double cumulative = 0;
    for (int a = 0; a < q.length; a++) {
      if (q[a] > 0) {
        double before = cumulative;
        cumulative += q[a];
        if (cumulative > u) {
          return u - before > tie && cumulative - u > tie
              ? a
              : Decoding.sample(exactProbabilities(), u);
        }
      }
    }
    return Decoding.sample(exactProbabilities(), u);
  }

  private static double tie(double largestLogit) {
    return TIE * (1 + largestLogit);
  }

  /** Decisions taken on the double-precision network because single precision could not tell. */
  public long exactDecisions() {
    return exactDecisions;
  }

  @Override
  public double[] exactProbabilities() {
    exactDecisions++;
    double[] q = new double[logits.length];
    exact.logits(q);
    return MaskedSoftmax.probabilities(q, window.mask(), q);
  }
}
