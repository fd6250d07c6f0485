package dl2.schedulers.placed;

import dl2.model.JobType;
import dl2.schedulers.OptimusFitted;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.JobOrder;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacementProbe;
import dl2.slot.PlacementView;
import dl2.slot.ProgressMeter;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The world as a scheduler measures it from observed progress alone, never from a speed model:
 * after each slot, every job that trained yields its measured speed under the placement it had (its
 * tasks per node and the other jobs' tasks there). From those it keeps
 *
 * <ul>
 *   <li>each job's isolated curve, Optimus' form fitted by NNLS as {@code optimus-fitted} does,
 *       with its placement's effects divided out ({@link PlacedSpeedFit});
 *   <li>the locality factor λ shared by all jobs ({@link LocalityEstimate});
 *   <li>the pairwise co-location slowdown per pair of job types ({@link InterferenceEstimate}):
 *       each co-located observation of a job whose curve rests on clean observations says how much
 *       slower it ran than its curve predicts there, as Gavel and Lucid measure pairs offline.
 * </ul>
 *
 * A job's predicted speed is 1 / (θ0/w + θ1 + π·I·(θ2·w/p + θ3·w + θ4·p)). A job seen at fewer than
 * {@link #KNOWN_CONFIGS} configurations is judged by a curve with half its time communicating
 * ({@link #UNKNOWN_COMM_SHARE}), in relative units, or, with a pooled prior ({@link TypePrior}),
 * once its type's first jobs are profiled (or from earlier runs' {@link SpeedHistory}), by its own
 * measurements shrunk toward their pooled curve, without profiling. Everything resets when a new
 * run starts (the slot number does not move forward); every job's measurements are recorded for a
 * later run's history.
 */
public final class MeasuredWorld implements PlacedSpeeds {
  /** Configurations a job must have been seen at before its own curve is trusted. */
  static final int KNOWN_CONFIGS = 3;

  /** The communication share of a job not known yet. */
  static final double UNKNOWN_COMM_SHARE = 0.5;

  /** Slots between two estimates of λ (each refits every informative job at 20 values of λ). */
  static final int LOCALITY_PERIOD = 10;

  private final List<OptimusFitted.Config> profile;
  private final MeasuredWorldOptions options;
  private final ProgressMeter meter = new ProgressMeter();

  /** Where each job that trained last slot was, looked up by id, never iterated. */
  private Map<Integer, PlacementProbe> lastPlacements = new HashMap<>();

  /** Outstanding jobs' fits by id, iterated in id order. */
  private TreeMap<Integer, PlacedSpeedFit> fits = new TreeMap<>();

  private InterferenceEstimate interference = new InterferenceEstimate();
  private LocalityEstimate locality;
  private TypePrior prior;

  /** Every job that left, measured: what this run adds to a history. */
  private List<PlacedSpeedFit> left;

  /** Profiling at optimus-fitted's configurations ({@link OptimusFitted#PROFILE}). */
  public MeasuredWorld() {
    this(OptimusFitted.PROFILE);
  }

  /** Profiling at {@code profile}, in order (each clipped to the job's caps). */
  public MeasuredWorld(List<OptimusFitted.Config> profile) {
    this(profile, MeasuredWorldOptions.plain());
  }

  private MeasuredWorld(List<OptimusFitted.Config> profile, MeasuredWorldOptions options) {
    this.profile = List.copyOf(profile);
    this.options = options;
    reset();
  }

  /** A diagnostic: this world told x[victim][other] (the world's own) instead of measuring it. */
  public MeasuredWorld withGivenInterference(double[][] x) {
    return new MeasuredWorld(profile, options.withInterference(() -> new InterferenceEstimate(x)));
  }

  /**
   * This world with a pooled prior per job type ({@link TypePrior}): the first {@code profiledJobs}
   * jobs of a type are profiled, and its pooled curve counts {@code weight} measurements at each of
   * its configurations in the fit of every later job expected to finish within {@code shortSlots}
   * slots; longer ones are profiled.
   */
  public MeasuredWorld withPooledPrior(int profiledJobs, double weight, double shortSlots) {
    return new MeasuredWorld(
        profile, options.withPooling(new TypePrior.Config(profiledJobs, weight, shortSlots)));
  }

  /** As {@link #withPooledPrior}, a judged job's curve scaled ({@link TypePrior.Config#scaled}). */
  public MeasuredWorld withScaledPrior(int profiledJobs, double weight, double shortSlots) {
    return new MeasuredWorld(
        profile, options.withPooling(new TypePrior.Config(profiledJobs, weight, shortSlots, true)));
  }

  /** This world's pools holding {@code history}'s curves from the first slot. */
  public MeasuredWorld withHistory(SpeedHistory history) {
    return new MeasuredWorld(profile, options.withHistory(history));
  }

  /** This world judging which jobs are short by {@code remaining} (docs/job-lengths.md). */
  public MeasuredWorld believing(OptimusRemaining.RemainingEpochs remaining) {
    return new MeasuredWorld(profile, options.withRemaining(remaining));
  }

  /** A diagnostic: this world told λ (the world's own) instead of measuring it. */
  public MeasuredWorld withGivenLocality(double lambda) {
    return new MeasuredWorld(profile, options.withLambda(lambda));
  }

  /** What this run measured of every job, at the last λ and x: a later run's history. */
  public SpeedHistory measuredCurves() {
    List<PlacedSpeedFit> all = new ArrayList<>(left);
    all.addAll(fits.values());
    return SpeedHistory.of(all, locality.lambda(), interference);
  }

  private void reset() {
    lastPlacements = new HashMap<>();
    fits = new TreeMap<>();
    left = new ArrayList<>();
    interference = options.interferenceStart().get();
    locality =
        Double.isNaN(options.givenLambda())
            ? new LocalityEstimate()
            : new LocalityEstimate(options.givenLambda());
    prior =
        options.pooling() == null
            ? null
            : new TypePrior(options.pooling(), profile, options.history());
  }

  @Override
  public void startSlot(ObservedSlot slot) {
    if (meter.startsNewRun(slot)) {
      reset();
    }
    List<JobView> jobs = slot.jobs();
    for (JobProgress measured : meter.measurements(slot)) {
      PlacementProbe placed = lastPlacements.get(measured.jobId());
      if (measured.epochsDone() > 0 && placed != null) {
        JobView job = jobs.get(JobOrder.indexOfId(jobs, measured.jobId()));
        fit(job).observe(placed, measured.epochsPerSlot(), isClean(placed));
      }
    }
    SpeedHistory.removeLeft(fits, id -> JobOrder.indexOfId(jobs, id) >= 0, left);
    if (slot.slot() % LOCALITY_PERIOD == 0) {
      locality.update(fits.values());
    }
    InterferenceMeasurement.measure(fits.values(), locality.lambda(), interference);
    if (prior != null) {
      pool(jobs);
    }
  }

  /** Profiled jobs with known curves join their types' pools; every pool is re-averaged. */
  private void pool(List<JobView> jobs) {
    for (Map.Entry<Integer, PlacedSpeedFit> entry : fits.entrySet()) {
      JobView job = jobs.get(JobOrder.indexOfId(jobs, entry.getKey()));
      if (entry.getValue().configs() >= KNOWN_CONFIGS && profileStep(job) == null) {
        prior.admit(entry.getKey(), entry.getValue());
      }
    }
    prior.update(locality.lambda(), interference);
    prior.forget(id -> JobOrder.indexOfId(jobs, id) >= 0);
  }

  @Override
  public void endSlot(ObservedSlot slot, PlacementView view) {
    lastPlacements = new HashMap<>();
    List<JobView> training = new ArrayList<>();
    for (JobView job : slot.jobs()) {
      if (job.workers() > 0 && job.parameterServers() > 0) {
        training.add(job);
        lastPlacements.put(job.id(), PlacementProbe.of(view, job));
      }
    }
    meter.remember(training, slot.slot());
  }

  private PlacedSpeedFit fit(JobView job) {
    return fits.computeIfAbsent(job.id(), id -> new PlacedSpeedFit(job.type()));
  }

  private static boolean isClean(PlacementProbe probe) {
    for (int n = 0; n < probe.nodes(); n++) {
      if (probe.foreignTasks(n) > 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean knows(JobView job) {
    return ownCurveKnown(job) || pooled(job);
  }

  private boolean ownCurveKnown(JobView job) {
    PlacedSpeedFit fit = fits.get(job.id());
    return fit != null && fit.configs() >= KNOWN_CONFIGS;
  }

  /** Whether {@code job} is judged by its type's pooled curve (it is not one of the pool's own). */
  private boolean pooled(JobView job) {
    return prior != null && prior.judges(job, locality.lambda(), options.remaining().of(job));
  }

  @Override
  public OptimusFitted.Config nextProfile(JobView job) {
    return pooled(job) ? null : profileStep(job);
  }

  /** The next profiling configuration {@code job} has not been seen at; null if none. */
  private OptimusFitted.Config profileStep(JobView job) {
    PlacedSpeedFit fit = fits.get(job.id());
    for (OptimusFitted.Config config : profile) {
      int numPs = Math.min(config.numPs(), job.maxParameterServers());
      int numWorkers = Math.min(config.numWorkers(), job.maxWorkers());
      if (fit == null || !fit.observed(numPs, numWorkers)) {
        return new OptimusFitted.Config(numPs, numWorkers);
      }
    }
    return null;
  }

  @Override
  public double epochsPerSlot(SlotContext slot, JobView job, PlacementProbe probe) {
    return epochsPerSlot(job, probe);
  }

  /** See {@link #epochsPerSlot(SlotContext, JobView, PlacementProbe)}; needs no slot. */
  public double epochsPerSlot(JobView job, PlacementProbe probe) {
    int p = probe.totalParameterServers();
    int w = probe.totalWorkers();
    if (p < 1 || w < 1) {
      return 0;
    }
    double lambda = locality.lambda();
    double g =
        PlacedSpeedFit.locality(lambda, probe.localPairFraction())
            * interference.factor(job.type(), probe);
    double[] theta = theta(job, lambda);
    if (theta == null) {
      return 1 / (1 - UNKNOWN_COMM_SHARE + UNKNOWN_COMM_SHARE * g);
    }
    return 1 / (theta[0] / w + theta[1] + g * (theta[2] * w / p + theta[3] * w + theta[4] * p));
  }

  /**
   * The curve {@code job} is judged by: its own fit, shrunk toward its type's pooled one where that
   * applies, or the pooled one alone before it is measured or without weight; null if unknown.
   */
  private double[] theta(JobView job, double lambda) {
    PlacedSpeedFit fit = fits.get(job.id());
    boolean own = ownCurveKnown(job);
    if (pooled(job) && prior.scales(job.type())) {
      return prior.scaledTheta(job, fit, lambda, interference);
    }
    if (pooled(job)) {
      if (fit == null || (prior.config().weight() == 0 && !own)) {
        return prior.theta(job.type());
      }
      if (prior.config().weight() > 0) {
        return fit.shrunkTheta(
            lambda, interference, prior, job.maxParameterServers(), job.maxWorkers());
      }
    }
    return own ? fit.theta(lambda, interference) : null;
  }

  /** λ as measured so far. */
  public double localityFactor() {
    return locality.lambda();
  }

  /**
   * The measured communication time one task of {@code other} adds to a job of {@code victim},
   * relative to alone.
   */
  public double extraTime(JobType victim, JobType other) {
    return interference.extraTime(victim, other);
  }

  /** Co-located observations measured for jobs of {@code victim}'s type. */
  public int interferenceRows(JobType victim) {
    return interference.rows(victim);
  }
}
