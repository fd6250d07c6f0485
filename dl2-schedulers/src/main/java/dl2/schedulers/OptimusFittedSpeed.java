package dl2.schedulers;

import dl2.fit.WarmNnls;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What published Optimus knows about one job's speed (dl2-spec §6.6): the epochs per slot it was
 * seen to achieve at each (p, w), and the Optimus form fitted to them, 1/rate = θ0/w + θ1 + θ2·w/p
 * + θ3·w + θ4·p with θ ≥ 0 (the global batch M of the paper is fixed per job, so it folds into θ0).
 * The fit is non-negative least squares on relative error: each observation's row and target are
 * divided by its observed 1/rate.
 *
 * <p>Project choice: the fit runs on one row per (p, w), carrying the least-squares terms of all
 * that configuration's observations ({@link #fit}), rather than on one row per observation. It is
 * the same problem, so the same θ in exact arithmetic; rounding differs in the last bits. A running
 * job gains an observation every slot and is refitted every slot, so this keeps each fit to about
 * ten rows (what it saves: docs/performance.md, "Measurement log"). Every decision stayed the same
 * on the ten paper-large traces of {@code compare} and on the whole Philly replay.
 */
final class OptimusFittedSpeed {
  /**
   * Per (p, w) in key order: Σ rate and Σ rate² of its observations, the fit's sufficient
   * statistics.
   */
  private final SortedMap<Long, double[]> groups = new TreeMap<>();

  private double[] theta;

  /** One more slot's observation seldom changes which coefficients are positive. */
  private final WarmNnls solver = new WarmNnls(5);

  void observe(int numPs, int numWorkers, double epochsPerSlot) {
    double[] sums = groups.computeIfAbsent(key(numPs, numWorkers), k -> new double[2]);
    sums[0] += epochsPerSlot;
    sums[1] += epochsPerSlot * epochsPerSlot;
    theta = null;
  }

  private static long key(int numPs, int numWorkers) {
    return ((long) numPs << 32) | numWorkers;
  }

  /** True iff some observation was made at (p, w). */
  boolean observed(int numPs, int numWorkers) {
    return groups.containsKey(key(numPs, numWorkers));
  }

  /** The first of {@code profile}, clipped to the caps, not yet observed; null once all were. */
  OptimusFitted.Config firstUnobserved(
      List<OptimusFitted.Config> profile, int psCap, int workerCap) {
    for (OptimusFitted.Config config : profile) {
      int numPs = Math.min(config.numPs(), psCap);
      int numWorkers = Math.min(config.numWorkers(), workerCap);
      if (!observed(numPs, numWorkers)) {
        return new OptimusFitted.Config(numPs, numWorkers);
      }
    }
    return null;
  }

  /** The fitted θ (fitted lazily, once per new observation); needs at least one observation. */
  double[] coefficients() {
    return theta().clone();
  }

  private double[] theta() {
    if (theta == null) {
      theta = fit();
    }
    return theta;
  }

  /**
   * The least squares with the rows of each (p, w) merged: rows r_i·x share x, and Σ (r_i·x·θ − 1)²
   * = S2·(x·θ − S1/S2)² + const with S1 = Σ r_i, S2 = Σ r_i², i.e. the single row √S2·x with target
   * S1/√S2.
   */
  private double[] fit() {
    if (groups.isEmpty()) {
      throw new IllegalStateException("no speed observation to fit");
    }
    double[][] a = new double[groups.size()][];
    double[] b = new double[groups.size()];
    int i = 0;
    for (Map.Entry<Long, double[]> group : groups.entrySet()) {
      double root = Math.sqrt(group.getValue()[1]);
      a[i] = features((int) (group.getKey() >>> 32), (int) (long) group.getKey());
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] *= root;
      }
      b[i] = group.getValue()[0] / root;
      i++;
    }
    return solver.solve(a, b);
  }

  /**
   * Fitted epochs per slot at (p, w) ≥ (1, 1); positive, since θ ≥ 0 is not all zero and every
   * feature is positive. θ·{@link #features} term by term in the same order, without making the
   * array: the same bits.
   */
  double epochsPerSlot(int numPs, int numWorkers) {
    double[] k = theta();
    double p = numPs;
    double w = numWorkers;
    double inverse = 0;
    inverse += k[0] * (1 / w);
    inverse += k[1] * 1;
    inverse += k[2] * (w / p);
    inverse += k[3] * w;
    inverse += k[4] * p;
    return 1 / inverse;
  }

  /** (1/w, 1, w/p, w, p): the terms of the Optimus denominator. */
  static double[] features(int numPs, int numWorkers) {
    double p = numPs;
    double w = numWorkers;
    return new double[] {1 / w, 1, w / p, w, p};
  }
}
