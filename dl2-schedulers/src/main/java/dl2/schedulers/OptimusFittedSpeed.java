package dl2.schedulers;

import java.util.ArrayList;
import java.util.List;

/**
 * What published Optimus knows about one job's speed (dl2-spec §6.6): the epochs per slot it was
 * seen to achieve at each (p, w), and the Optimus form fitted to them,
 * 1/rate = θ0/w + θ1 + θ2·w/p + θ3·w + θ4·p with θ ≥ 0 (the global batch M of the paper is fixed
 * per job, so it folds into θ0). The fit is non-negative least squares on relative error:
 * each observation's row and target are divided by its observed 1/rate.
 */
final class OptimusFittedSpeed {
  /** One slot's observation: the counts the job held and the epochs it achieved in the slot. */
  record Observation(int numPs, int numWorkers, double epochsPerSlot) {}

  /**
   * Up to this many observations the fit runs on every one of them; beyond, on one row per
   * (p, w) carrying the same least-squares terms (see {@link #fitGrouped}), so that a job observed
   * for 90,000 slots costs a fit over its few configurations, not over 90,000 rows, every slot.
   */
  static final int EXACT_ROWS = 256;

  private final List<Observation> observations = new ArrayList<>();
  /** Per (p, w) in order: observation count, Σ rate, Σ rate²; the fit's sufficient statistics. */
  private final java.util.TreeMap<Long, double[]> groups = new java.util.TreeMap<>();
  private int count;
  private double[] theta;

  void observe(int numPs, int numWorkers, double epochsPerSlot) {
    if (count < EXACT_ROWS) {
      observations.add(new Observation(numPs, numWorkers, epochsPerSlot));
    }
    count++;
    double[] sums = groups.computeIfAbsent(key(numPs, numWorkers), k -> new double[3]);
    sums[0]++;
    sums[1] += epochsPerSlot;
    sums[2] += epochsPerSlot * epochsPerSlot;
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
  OptimusFitted.Config firstUnobserved(List<OptimusFitted.Config> profile, int psCap, int workerCap) {
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
      theta = count <= EXACT_ROWS ? fit(observations) : fitGrouped(groups);
    }
    return theta;
  }

  /**
   * The same least squares with the rows of each (p, w) merged: rows r_i·x share x, and
   * Σ (r_i·x·θ − 1)² = S2·(x·θ − S1/S2)² + const with S1 = Σ r_i, S2 = Σ r_i², i.e. the single row
   * √S2·x with target S1/√S2. Equal in exact arithmetic; rounding differs, hence only for long jobs.
   */
  static double[] fitGrouped(java.util.SortedMap<Long, double[]> groups) {
    double[][] a = new double[groups.size()][];
    double[] b = new double[groups.size()];
    int i = 0;
    for (var group : groups.entrySet()) {
      double root = Math.sqrt(group.getValue()[2]);
      a[i] = features((int) (group.getKey() >>> 32), (int) (long) group.getKey());
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] *= root;
      }
      b[i] = group.getValue()[1] / root;
      i++;
    }
    return Nnls.solve(a, b);
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

  static double[] fit(List<Observation> observations) {
    if (observations.isEmpty()) {
      throw new IllegalStateException("no speed observation to fit");
    }
    double[][] a = new double[observations.size()][];
    double[] b = new double[observations.size()];
    for (int i = 0; i < a.length; i++) {
      Observation o = observations.get(i);
      double inverseRate = 1 / o.epochsPerSlot();
      a[i] = features(o.numPs(), o.numWorkers());
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] /= inverseRate;
      }
      b[i] = 1;
    }
    return Nnls.solve(a, b);
  }

  /** (1/w, 1, w/p, w, p): the terms of the Optimus denominator. */
  static double[] features(int numPs, int numWorkers) {
    double p = numPs;
    double w = numWorkers;
    return new double[] {1 / w, 1, w / p, w, p};
  }
}
