package dl2.learning.policy;

import dl2.learning.state.Observation;
import dl2.model.Rng;

/** How an action is picked from the behaviour distribution q. */
public enum Decoding {
  /** argmax q, ties to the lower index. */
  GREEDY,
  /** a ~ q: the first index whose cumulative q exceeds a uniform draw (dl2-spec §7.3). */
  SAMPLED;

  /**
   * The chosen action, or -1 if q has no positive entry; sampling draws exactly one uniform from
   * {@code rng}.
   */
  public int choose(double[] q, Rng rng) {
    return this == GREEDY ? argmax(q) : sample(q, rng.nextDouble());
  }

  /**
   * This decoding as the chooser of a slot's decisions, drawing from {@code rng}: it takes the
   * policy session's greedy or sampled answer, on the fast path that builds no observation.
   */
  public ActionChooser chooser(Rng rng) {
    return new ActionChooser() {
      @Override
      public int choose(Observation observation, double[] q) {
        return Decoding.this.choose(q, rng);
      }

      @Override
      public int choose(DecisionPoint decision) {
        return Decoding.this == GREEDY ? decision.greedy() : decision.sample(rng.nextDouble());
      }
    };
  }

  static int argmax(double[] q) {
    int best = -1;
    for (int a = 0; a < q.length; a++) {
      if (q[a] > 0 && (best < 0 || q[a] > q[best])) {
        best = a;
      }
    }
    return best;
  }

  static int sample(double[] q, double uniform) {
    double cumulative = 0;
    int last = -1;
    for (int a = 0; a < q.length; a++) {
      if (q[a] > 0) {
        cumulative += q[a];
        last = a;
        if (cumulative > uniform) {
          return a;
        }
      }
    }
    return last; // Rounding left the total just below the draw.
  }
}
