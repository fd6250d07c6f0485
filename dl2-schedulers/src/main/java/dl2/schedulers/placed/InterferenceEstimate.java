package dl2.schedulers.placed;

import dl2.model.JobType;
import dl2.slot.PlacementProbe;

/**
 * The pairwise co-location slowdown as measured online: x[k][t], the communication time one task of
 * a type-t job on a node adds to a type-k job there, relative to its communication alone (1/s − 1
 * for Gavel's pair throughput s). A synchronous job waits for its worst node, so its factor is I =
 * max over its nodes of 1 + Σ_t x[k][t]·(type-t tasks there). Each observation of a co-located job
 * adds one least-squares row to its type's problem (its measured speed against its fitted isolated
 * curve, {@link MeasuredWorld}); x ≥ 0 is solved per victim type with a prior of {@link
 * #PRIOR_EXTRA_TIME} at weight {@link #PRIOR_WEIGHT}, so an unmeasured pair keeps the prior and a
 * measured one moves to its data. Only the built-in models are estimated: a declared model runs in
 * the default world only, which has no interference, so its jobs are taken as not slowed and its
 * tasks as not slowing others.
 */
final class InterferenceEstimate {
  /**
   * The built-in types, copied once: JobType.values() clones its array at every call, and these
   * loops are hot.
   */
  private static final JobType[] BUILT_INS = JobType.values();

  /**
   * Before any measurement a co-located task is taken to add a third to the communication time (own
   * speed 0.75: the milder interference setting of Pollux's artifact), so that schedulers avoid
   * unmeasured pairs without forbidding them.
   */
  static final double PRIOR_EXTRA_TIME = 1.0 / 3;

  /** The prior's weight, as one fully communication-bound observation. */
  static final double PRIOR_WEIGHT = 1;

  private static final int TYPES = JobType.values().length;
  private static final int SWEEPS = 200;

  private final double[][][] gram = new double[TYPES][TYPES][TYPES];
  private final double[][] moment = new double[TYPES][TYPES];
  private final double[][] extra = new double[TYPES][TYPES];
  private final boolean[] stale = new boolean[TYPES];
  private final int[] rows = new int[TYPES];
  private int version;

  /** Whether x was given (a diagnostic told the world's), so that no measurement moves it. */
  private final boolean given;

  InterferenceEstimate() {
    this.given = false;
    for (double[] row : extra) {
      java.util.Arrays.fill(row, PRIOR_EXTRA_TIME);
    }
  }

  /** x fixed at {@code given}, x[victim][other]: the diagnostic that tells the world's. */
  InterferenceEstimate(double[][] given) {
    this.given = true;
    for (int k = 0; k < TYPES; k++) {
      extra[k] = given[k].clone();
    }
  }

  /** x[victim][other]. */
  double extraTime(JobType victim, JobType other) {
    return victim.builtIn() && other.builtIn() ? extra[victim.ordinal()][other.ordinal()] : 0;
  }

  /** Rows measured so far for jobs of {@code victim}'s type. */
  int rows(JobType victim) {
    return victim.builtIn() ? rows[victim.ordinal()] : 0;
  }

  /** Changes whenever an estimate does. */
  int version() {
    return version;
  }

  /** I ≥ 1 of a job of {@code type} placed as {@code probe}: the worst node's factor. */
  double factor(JobType type, PlacementProbe probe) {
    double worst = 1;
    for (int n = 0; n < probe.nodes(); n++) {
      worst = Math.max(worst, nodeFactor(type, probe, n));
    }
    return worst;
  }

  /** The probe's node with the largest factor, ties to the first; -1 for a probe without nodes. */
  int worstNode(JobType type, PlacementProbe probe) {
    int worst = -1;
    double worstFactor = Double.NEGATIVE_INFINITY;
    for (int n = 0; n < probe.nodes(); n++) {
      double factor = nodeFactor(type, probe, n);
      if (factor > worstFactor) {
        worst = n;
        worstFactor = factor;
      }
    }
    return worst;
  }

  private double nodeFactor(JobType type, PlacementProbe probe, int n) {
    if (!type.builtIn()) {
      return 1;
    }
    double[] x = extra[type.ordinal()];
    double factor = 1;
    for (JobType other : BUILT_INS) {
      factor += x[other.ordinal()] * probe.foreignTasks(n, other);
    }
    return factor;
  }

  /**
   * {@code count} measured rows of type {@code victim}, Σ_t row[t]·x[victim][t] ≈ target each,
   * whose targets sum to {@code targetSum}.
   */
  void add(JobType victim, double[] row, int count, double targetSum) {
    if (!victim.builtIn()) {
      return;
    }
    int k = victim.ordinal();
    for (int t = 0; t < TYPES; t++) {
      moment[k][t] += row[t] * targetSum;
      for (int u = 0; u < TYPES; u++) {
        gram[k][t][u] += count * row[t] * row[u];
      }
    }
    rows[k] += count;
    stale[k] = true;
  }

  /**
   * Re-solves every type with new rows: min ‖A x − b‖² + w‖x − prior‖² over x ≥ 0, by cyclic
   * coordinate descent on the normal equations (each coordinate's exact minimiser, clipped at 0),
   * which converges for this positive-definite problem; a fixed number of sweeps keeps it
   * deterministic.
   */
  void solve() {
    for (int k = 0; k < TYPES; k++) {
      if (!stale[k] || given) {
        continue;
      }
      stale[k] = false;
      double[] x = extra[k];
      for (int sweep = 0; sweep < SWEEPS; sweep++) {
        double change = 0;
        for (int t = 0; t < TYPES; t++) {
          double rest = moment[k][t] + PRIOR_WEIGHT * PRIOR_EXTRA_TIME;
          for (int u = 0; u < TYPES; u++) {
            if (u != t) {
              rest -= gram[k][t][u] * x[u];
            }
          }
          double next = Math.max(0, rest / (gram[k][t][t] + PRIOR_WEIGHT));
          change = Math.max(change, Math.abs(next - x[t]));
          x[t] = next;
        }
        if (change < 1e-12) {
          break;
        }
      }
      version++;
    }
  }
}
