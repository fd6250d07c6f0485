package dl2.schedulers.placed;

import dl2.model.JobType;
import dl2.schedulers.OptimusFitted;
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
 * ({@link #UNKNOWN_COMM_SHARE}), in relative units. Everything resets when a new run starts (the
 * slot number does not move forward).
 */
public final class MeasuredWorld implements PlacedSpeeds {
  /**
   * The built-in types, copied once: JobType.values() clones its array at every call, and these
   * loops are hot.
   */
  private static final JobType[] BUILT_INS = JobType.values();

  /** Configurations a job must have been seen at before its own curve is trusted. */
  static final int KNOWN_CONFIGS = 3;

  /** The communication share of a job not known yet. */
  static final double UNKNOWN_COMM_SHARE = 0.5;

  /** Slots between two estimates of λ (each refits every informative job at 20 values of λ). */
  static final int LOCALITY_PERIOD = 10;

  private final List<OptimusFitted.Config> profile;
  private final ProgressMeter meter = new ProgressMeter();

  /** Where each job that trained last slot was, looked up by id, never iterated. */
  private Map<Integer, PlacementProbe> lastPlacements = new HashMap<>();

  /** Outstanding jobs' fits by id, iterated in id order. */
  private TreeMap<Integer, PlacedSpeedFit> fits = new TreeMap<>();

  private InterferenceEstimate interference = new InterferenceEstimate();
  private LocalityEstimate locality = new LocalityEstimate();

  /** Profiling at optimus-fitted's configurations ({@link OptimusFitted#PROFILE}). */
  public MeasuredWorld() {
    this(OptimusFitted.PROFILE);
  }

  /** Profiling at {@code profile}, in order (each clipped to the job's caps). */
  public MeasuredWorld(List<OptimusFitted.Config> profile) {
    this.profile = List.copyOf(profile);
  }

  @Override
  public void startSlot(ObservedSlot slot) {
    if (meter.startsNewRun(slot)) {
      lastPlacements = new HashMap<>();
      fits = new TreeMap<>();
      interference = new InterferenceEstimate();
      locality = new LocalityEstimate();
    }
    List<JobView> jobs = slot.jobs();
    for (JobProgress measured : meter.measurements(slot)) {
      PlacementProbe placed = lastPlacements.get(measured.jobId());
      if (measured.epochsDone() > 0 && placed != null) {
        JobView job = jobs.get(JobOrder.indexOfId(jobs, measured.jobId()));
        fit(job).observe(placed, measured.epochsPerSlot(), isClean(placed));
      }
    }
    fits.keySet().removeIf(id -> JobOrder.indexOfId(jobs, id) < 0);
    if (slot.slot() % LOCALITY_PERIOD == 0) {
      locality.update(fits.values());
    }
    measureInterference();
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

  /**
   * Each new co-located observation of a job with a clean curve, at a configuration that curve has
   * seen clean: with Ĉ and M̂ its clean curve's compute and communication time there and π its
   * locality factor, 1/rate = Ĉ + π·M̂·(1 + Σ_t x_t·c_t) on its worst node (c_t: type-t tasks
   * there). In units of the predicted clean time T = Ĉ + π·M̂ that is the row π·M̂·c/T with target
   * (1/rate − T)/T: the measurement's noise is in the target only, so least squares does not shrink
   * x towards 0.
   */
  private void measureInterference() {
    double lambda = locality.lambda();
    for (Map.Entry<Integer, PlacedSpeedFit> entry : fits.entrySet()) {
      PlacedSpeedFit fit = entry.getValue();
      if (!fit.cleanBased()) {
        continue;
      }
      for (PlacedSpeedFit.Colocated o : fit.colocated()) {
        int p = o.probe.totalParameterServers();
        int w = o.probe.totalWorkers();
        if (o.unmeasured == 0 || !fit.observedClean(p, w)) {
          continue; // measured already, or the clean curve would only extrapolate here
        }
        double[] theta = fit.cleanTheta(lambda);
        double compute = theta[0] / w + theta[1];
        double pi = PlacedSpeedFit.locality(lambda, o.probe.localPairFraction());
        double communication = pi * (theta[2] * w / p + theta[3] * w + theta[4] * p);
        if (communication
            > 0) { // a curve without communication says nothing about its interference
          int worst = interference.worstNode(fit.type(), o.probe);
          double clean = compute + communication;
          double[] row = new double[JobType.values().length];
          for (JobType other : BUILT_INS) {
            row[other.ordinal()] = communication * o.probe.foreignTasks(worst, other) / clean;
          }
          interference.add(
              fit.type(),
              row,
              o.unmeasured,
              (o.unmeasuredInverseSum - o.unmeasured * clean) / clean);
        }
        o.unmeasured = 0;
        o.unmeasuredInverseSum = 0;
      }
    }
    interference.solve();
  }

  @Override
  public boolean knows(JobView job) {
    PlacedSpeedFit fit = fits.get(job.id());
    return fit != null && fit.configs() >= KNOWN_CONFIGS;
  }

  @Override
  public OptimusFitted.Config nextProfile(JobView job) {
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
    if (!knows(job)) {
      return 1 / (1 - UNKNOWN_COMM_SHARE + UNKNOWN_COMM_SHARE * g);
    }
    double[] theta = fits.get(job.id()).theta(lambda, interference);
    return 1 / (theta[0] / w + theta[1] + g * (theta[2] * w / p + theta[3] * w + theta[4] * p));
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
