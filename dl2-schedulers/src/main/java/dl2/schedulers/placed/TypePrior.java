package dl2.schedulers.placed;

import dl2.model.JobType;
import dl2.schedulers.OptimusFitted;
import java.util.ArrayList;
import java.util.List;

/**
 * Each job type's pooled curve, learnt in the run from measured progress only: the mean θ of the
 * type's profiled jobs (their own fits, completed jobs kept), a curve a new job of that type is
 * judged by from its first slot, without profiling, and that its own fit is shrunk toward. The
 * shrinkage is a set of pseudo-observations: at each profiling configuration (clipped to the job's
 * caps, where the members were measured) the pooled curve's speed counts as {@link Config#weight}
 * clean measurements with every worker–PS pair across nodes. Measuring a type's curve costs its
 * first {@link Config#profiledJobs} jobs their profiling slots; the rest profile nothing. A type
 * measured in earlier runs ({@link SpeedHistory}) is pooled by the curve they fitted from the first
 * slot, until the run has pooled it itself.
 */
final class TypePrior {
  /**
   * @param profiledJobs profiled jobs a type needs before its pooled curve replaces profiling
   * @param weight the pooled curve's weight at each configuration, in measurements
   * @param shortSlots a job is judged by the pooled curve only if it would finish within this many
   *     slots at that curve's speed with 2 workers and 2 PSs on one node; a longer one is profiled,
   *     where measuring its own curve pays
   * @param scaled a judged job is the pooled curve with its compute and communication scaled
   *     ({@link TypeScaling}) instead of five terms shrunk toward it
   */
  record Config(int profiledJobs, double weight, double shortSlots, boolean scaled) {
    Config {
      if (profiledJobs < 1 || !(weight >= 0) || !(shortSlots >= 0)) {
        throw new IllegalArgumentException(
            "profiledJobs >= 1, weight >= 0 and shortSlots >= 0 needed");
      }
    }

    /** Five terms shrunk toward the pooled curve. */
    Config(int profiledJobs, double weight, double shortSlots) {
      this(profiledJobs, weight, shortSlots, false);
    }
  }

  private final Config config;

  /** Where the pooled curve speaks: where its members were profiled, so it never extrapolates. */
  private final List<OptimusFitted.Config> configs;

  private final List<List<PlacedSpeedFit>> members = new ArrayList<>();

  private final SpeedHistory history;

  /** The members' job ids, looked up, never iterated. */
  private final java.util.Set<Integer> memberIds = new java.util.HashSet<>();

  private final double[][] pooled = new double[JobType.MAX_TYPES][];
  private final TypeScaling[] scalings = new TypeScaling[JobType.MAX_TYPES];
  private int version;

  TypePrior(Config config, List<OptimusFitted.Config> configs) {
    this(config, configs, new SpeedHistory());
  }

  TypePrior(Config config, List<OptimusFitted.Config> configs, SpeedHistory history) {
    this.config = config;
    this.configs = List.copyOf(configs);
    this.history = history;
    for (int k = 0; k < JobType.MAX_TYPES; k++) {
      members.add(new ArrayList<>());
    }
  }

  Config config() {
    return config;
  }

  /**
   * Job {@code jobId}'s fit (a profiled job's) joins its type's pool, once; it stays after the job
   * ends.
   */
  void admit(int jobId, PlacedSpeedFit fit) {
    if (memberIds.add(jobId)) {
      members.get(fit.type().ordinal()).add(fit);
    }
  }

  /** Whether job {@code jobId} is in its type's pool (its own curve is then its speed). */
  boolean isMember(int jobId) {
    return memberIds.contains(jobId);
  }

  /** Whether {@code type}'s pooled curve replaces profiling (it is ready and pooled). */
  boolean ready(JobType type) {
    return pooled[type.ordinal()] != null;
  }

  /** Per job id, once its type was ready: whether the pooled curve judges it. */
  private final java.util.Map<Integer, Boolean> judged = new java.util.HashMap<>();

  /**
   * Whether {@code job} is judged by its type's pooled curve instead of being profiled: its type is
   * ready, it is not a member, and it is short ({@link Config#shortSlots}) at locality factor λ
   * with {@code remaining} epochs to go (NaN: profiled); decided once, when first asked after its
   * type is ready.
   */
  boolean judges(dl2.slot.JobView job, double lambda, double remaining) {
    if (!ready(job.type()) || memberIds.contains(job.id())) {
      return false;
    }
    Boolean known = judged.get(job.id());
    if (known == null) {
      double[] theta = pooled[job.type().ordinal()];
      int p = Math.min(2, job.maxParameterServers());
      int w = Math.min(2, job.maxWorkers());
      double[] row = PlacedSpeedFit.features(p, w, PlacedSpeedFit.locality(lambda, 1));
      double time = 0;
      for (int j = 0; j < row.length; j++) {
        time += row[j] * theta[j];
      }
      known = remaining * time <= config.shortSlots(); // NaN lengths: profiled
      judged.put(job.id(), known);
    }
    return known;
  }

  /** Forgets the decisions about jobs that left ({@code present} says which are outstanding). */
  void forget(java.util.function.IntPredicate present) {
    judged.keySet().removeIf(id -> !present.test(id));
  }

  /**
   * Re-pools every type at locality factor λ and interference {@code x}: the mean of its members'
   * own θ once it has {@link Config#profiledJobs} of them, before that the curve its history fitted
   * (if any).
   */
  void update(double lambda, InterferenceEstimate x) {
    scaledCurves.clear();
    for (int k = 0; k < JobType.MAX_TYPES; k++) {
      List<PlacedSpeedFit> pool = members.get(k);
      if (pool.isEmpty() || pool.size() < config.profiledJobs()) {
        double[] earlier = history.typeTheta(k);
        if (earlier != null) {
          pooled[k] = earlier;
          scalings[k] = config.scaled() ? TypeScaling.of(List.of(earlier)) : null;
        }
        continue;
      }
      double[] mean = new double[5];
      List<double[]> thetas = new ArrayList<>();
      for (PlacedSpeedFit fit : pool) {
        double[] theta = fit.theta(lambda, x);
        for (int j = 0; j < mean.length; j++) {
          mean[j] += theta[j] / pool.size();
        }
        thetas.add(theta);
      }
      pooled[k] = mean;
      if (config.scaled()) {
        scalings[k] = TypeScaling.of(thetas);
      }
    }
    version++;
  }

  /** Changes whenever a pooled curve may have. */
  int version() {
    return version;
  }

  /** Whether a judged job of {@code type} is its pooled curve scaled ({@link Config#scaled}). */
  boolean scales(JobType type) {
    return scalings[type.ordinal()] != null;
  }

  /** Scaled curves of judged jobs since the last update, by id (fits move only between slots). */
  private final java.util.Map<Integer, double[]> scaledCurves = new java.util.HashMap<>();

  /**
   * The scaled curve of judged {@code job} measured as {@code fit} (null: not yet), at locality
   * factor λ and interference {@code x}, computed once between two updates.
   */
  double[] scaledTheta(
      dl2.slot.JobView job, PlacedSpeedFit fit, double lambda, InterferenceEstimate x) {
    return scaledCurves.computeIfAbsent(job.id(), id -> scaled(job.type(), fit, lambda, x));
  }

  private double[] scaled(JobType type, PlacedSpeedFit fit, double lambda, InterferenceEstimate x) {
    TypeScaling scaling = scalings[type.ordinal()];
    if (fit == null) {
      return scaling.typical();
    }
    boolean colocated = fit.colocated().iterator().hasNext();
    return scaling.fitted(fit.rows(lambda, x, colocated), fit.targets(colocated), config.weight());
  }

  /** {@code type}'s pooled θ (null before it is ready and pooled). */
  double[] theta(JobType type) {
    return pooled[type.ordinal()];
  }

  /**
   * The pseudo-observations for a job of {@code type} capped at {@code maxPs} and {@code
   * maxWorkers}: rows r·(1/w, 1, w/p, w, p)·√κ with target √κ, r the pooled speed there, so each
   * residual is κ-weighted relative error against the pooled curve (as {@link PlacedSpeedFit}'s
   * measured rows are). Configurations that clip to the same (p, w) count once.
   */
  PriorRows rows(JobType type, int maxPs, int maxWorkers) {
    double[] theta = pooled[type.ordinal()];
    double root = Math.sqrt(config.weight());
    List<double[]> rows = new ArrayList<>();
    List<Long> seen = new ArrayList<>();
    for (OptimusFitted.Config c : configs) {
      int p = Math.min(c.numPs(), maxPs);
      int w = Math.min(c.numWorkers(), maxWorkers);
      long key = ((long) p << 32) | w;
      if (seen.contains(key)) {
        continue;
      }
      seen.add(key);
      double[] row = PlacedSpeedFit.features(p, w, 1);
      double time = 0;
      for (int j = 0; j < row.length; j++) {
        time += row[j] * theta[j];
      }
      if (time <= 0) {
        continue; // a curve without time here says nothing about a speed
      }
      for (int j = 0; j < row.length; j++) {
        row[j] *= root / time;
      }
      rows.add(row);
    }
    double[] targets = new double[rows.size()];
    java.util.Arrays.fill(targets, root);
    return new PriorRows(rows.toArray(double[][]::new), targets, version);
  }

  /** Pseudo-observation rows and targets, from pooled curves of {@code version}. */
  record PriorRows(double[][] rows, double[] targets, int version) {}
}
