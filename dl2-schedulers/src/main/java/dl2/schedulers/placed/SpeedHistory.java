package dl2.schedulers.placed;

import dl2.fit.Nnls;
import dl2.model.JobType;
import java.util.ArrayList;
import java.util.List;

/**
 * What a cluster measured of each job type in earlier runs: every job's measured rows (θ's five
 * features with its placement divided out, times its measured speed: a row's product with θ is the
 * predicted over the measured time), each job weighing one measurement however long it ran, so that
 * long-lived (slow) jobs do not bias the type. A type's curve ({@link #typeTheta}) is the shape
 * fitted with each job's own level divided out, at the level of the median job (jobs of one type
 * differ by a factor: docs/realistic-world.md); a {@link TypePrior} takes it as the type's pooled
 * curve from the first slot (docs/heuristics/observed-greedy.md).
 */
public final class SpeedHistory {
  /** Rounds of the shape and level fit. */
  static final int ROUNDS = 3;

  /** Per type, per job, its rows. */
  private final List<List<double[][]>> byType = new ArrayList<>();

  private final double[][] fitted = new double[JobType.MAX_TYPES][];

  /** An empty history: every type's pool starts in the run, as without one. */
  public SpeedHistory() {
    for (int k = 0; k < JobType.MAX_TYPES; k++) {
      byType.add(new ArrayList<>());
    }
  }

  /**
   * Records one job of {@code type} measured as {@code rows} (five features each) with {@code
   * targets}, as {@link PlacedSpeedFit} fits them: each row is divided by its target, one
   * measurement per placement group.
   */
  public synchronized void record(JobType type, double[][] rows, double[] targets) {
    if (rows.length != targets.length) {
      throw new IllegalArgumentException("one target per row");
    }
    if (rows.length == 0) {
      return;
    }
    double[][] job = new double[rows.length][5];
    for (int i = 0; i < rows.length; i++) {
      if (rows[i].length != 5 || !(targets[i] > 0)) {
        throw new IllegalArgumentException("a row has 5 features and a positive target");
      }
      for (int j = 0; j < 5; j++) {
        job[i][j] = rows[i][j] / targets[i];
      }
    }
    byType.get(type.ordinal()).add(job);
    fitted[type.ordinal()] = null;
  }

  /** {@code fit}'s rows at locality factor λ and interference {@code x}. */
  void record(PlacedSpeedFit fit, double lambda, InterferenceEstimate x) {
    boolean colocated = fit.colocated().iterator().hasNext();
    record(fit.type(), fit.rows(lambda, x, colocated), fit.targets(colocated));
  }

  /** Moves from {@code fits} to {@code left} the jobs not {@code present} any more, in id order. */
  static void removeLeft(
      java.util.Map<Integer, PlacedSpeedFit> fits,
      java.util.function.IntPredicate present,
      List<PlacedSpeedFit> left) {
    fits.entrySet()
        .removeIf(
            e -> {
              boolean gone = !present.test(e.getKey());
              if (gone) {
                left.add(e.getValue());
              }
              return gone;
            });
  }

  /** A history of {@code fits}, each recorded at λ and x. */
  static SpeedHistory of(Iterable<PlacedSpeedFit> fits, double lambda, InterferenceEstimate x) {
    SpeedHistory all = new SpeedHistory();
    fits.forEach(fit -> all.record(fit, lambda, x));
    return all;
  }

  /** Every job of {@code other} added to this one, in its order. */
  public synchronized void addAll(SpeedHistory other) {
    for (int k = 0; k < JobType.MAX_TYPES; k++) {
      byType.get(k).addAll(other.byType.get(k));
      fitted[k] = null;
    }
  }

  /** Jobs recorded of {@code type}. */
  public synchronized int jobs(JobType type) {
    return byType.get(type.ordinal()).size();
  }

  /**
   * The curve θ of the type of ordinal {@code k}; null if no job was recorded. Each round fits θ by
   * NNLS on every job's rows divided by the job's level s_j (the geometric mean of its predicted
   * over measured times under the last θ, 1 at first), each job weighing one measurement; θ is then
   * scaled so that it predicts the mean of the jobs' measured times (the mean of 1/s_j is 1).
   */
  synchronized double[] typeTheta(int k) {
    List<double[][]> jobs = byType.get(k);
    if (jobs.isEmpty()) {
      return null;
    }
    if (fitted[k] == null) {
      double[] levels = new double[jobs.size()];
      java.util.Arrays.fill(levels, 1);
      double[] theta = null;
      for (int round = 0; round < ROUNDS; round++) {
        theta = shape(jobs, levels);
        double meanTime = 0;
        for (int j = 0; j < levels.length; j++) {
          levels[j] = level(jobs.get(j), theta);
          meanTime += 1 / levels[j] / levels.length;
        }
        for (int t = 0; t < theta.length; t++) {
          theta[t] *= meanTime;
        }
        for (int j = 0; j < levels.length; j++) {
          levels[j] *= meanTime;
        }
      }
      fitted[k] = theta;
    }
    return fitted[k].clone();
  }

  private static double[] shape(List<double[][]> jobs, double[] levels) {
    List<double[]> a = new ArrayList<>();
    List<Double> b = new ArrayList<>();
    for (int j = 0; j < levels.length; j++) {
      double[][] rows = jobs.get(j);
      double weight = 1 / Math.sqrt(rows.length);
      for (double[] row : rows) {
        double[] scaled = new double[5];
        for (int t = 0; t < 5; t++) {
          scaled[t] = row[t] * weight / levels[j];
        }
        a.add(scaled);
        b.add(weight);
      }
    }
    return Nnls.solve(
        a.toArray(double[][]::new), b.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The geometric mean of a job's predicted over measured times under θ (a floor keeps it > 0). */
  private static double level(double[][] rows, double[] theta) {
    double log = 0;
    for (double[] row : rows) {
      double ratio = 0;
      for (int t = 0; t < 5; t++) {
        ratio += row[t] * theta[t];
      }
      log += Math.log(Math.max(ratio, 1e-9)) / rows.length;
    }
    return Math.exp(log);
  }
}
