package dl2.simulation.world;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.slot.PlacedJob;
import dl2.slot.PlacementProbe;
import dl2.speed.SplitSpeedModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of the realistic world. A training job j of type k with p PSs and w workers does
 *
 * <pre>
 *   f = 1 / (α_j·C_k(p, w) + β_j·π·I·M_k(p, w))   samples/s,   epochs = f·T / epoch_size · φ
 * </pre>
 *
 * where C and M are the type curve's compute and communication seconds per sample, α_j and β_j the
 * job's own multipliers ({@link JobMultipliers}), π = 1 − (1 − λ)·L the placement factor (L: the
 * fraction of its worker–PS pairs that share a node), I the co-location factor ({@link Colocation})
 * and φ = exp(σ_n·z) the slot's fluctuation, z drawn from (seed, job, slot). What a job reports is
 * this progress. Dry runs see the job's isolated curve, 1 / (α_j·C + β_j·M): no placement,
 * interference or fluctuation. Stateless between slots apart from a cache of the multipliers.
 */
public final class RealisticRun implements WorldRun {

  private final WorldParameters parameters;
  private final SplitSpeedModel speed;
  private final int slotSeconds;
  private final double speedNoise;
  private final long seed;
  private final Map<Integer, JobMultipliers> multipliers =
      new HashMap<>(); // looked up by id, never iterated
  private long jobSlots;
  private final double[] effectSums = new double[5];

  RealisticRun(
      WorldParameters parameters,
      SplitSpeedModel speed,
      int slotSeconds,
      double speedNoise,
      long seed) {
    this.parameters = parameters;
    this.speed = speed;
    this.slotSeconds = slotSeconds;
    this.speedNoise = speedNoise;
    this.seed = seed;
  }

  @Override
  public double[] fullSlotEpochs(int slot, List<? extends PlacedJob> jobs) {
    int count = jobs.size();
    Footprint[] footprints = new Footprint[count];
    JobType[] types = new JobType[count];
    for (int i = 0; i < count; i++) {
      PlacedJob job = jobs.get(i);
      types[i] = job.type();
      if (job.parameterServers() >= 1 && job.workers() >= 1) {
        footprints[i] = Footprint.of(job);
      }
    }
    Colocation colocation = new Colocation(parameters, footprints, types);
    double[] epochs = new double[count];
    for (int i = 0; i < count; i++) {
      if (footprints[i] != null) {
        epochs[i] = epochs(jobs.get(i), footprints[i], colocation, slot);
      }
    }
    return epochs;
  }

  private double epochs(PlacedJob job, Footprint footprint, Colocation colocation, int slot) {
    JobType type = job.type();
    int p = job.parameterServers();
    int w = job.workers();
    JobMultipliers m = multipliers(job.id());
    double compute = m.compute() * speed.computeSecondsPerSample(type, p, w);
    double communication = m.communication() * speed.communicationSecondsPerSample(type, p, w);
    double placement = 1 - (1 - parameters.intraNodeCommFactor()) * footprint.localPairFraction();
    double interference = colocation.communicationFactor(footprint, type);
    double fluctuation = fluctuation(job.id(), slot);
    double samplesPerSecond = 1 / (compute + communication * placement * interference);
    record(type, p, w, compute, communication, placement, interference, fluctuation);
    return (samplesPerSecond * slotSeconds) / type.epochSize() * fluctuation;
  }

  /**
   * φ = exp(σ_n·z), times (1 + ε_s·U(−1,1)) when speed noise is asked for too; from (seed, job,
   * slot) alone.
   */
  private double fluctuation(int jobId, int slot) {
    Rng rng = new Rng(Rng.derive(seed, SeedStream.FLUCTUATION, jobId, slot));
    double factor = StrictMath.exp(parameters.fluctuationLogSd() * Gaussian.pair(rng)[0]);
    return speedNoise > 0 ? factor * (1 + speedNoise * rng.nextSymmetric()) : factor;
  }

  @Override
  public double dryRunEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers) {
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    JobMultipliers m = multipliers(jobId);
    double samplesPerSecond =
        1
            / (m.compute() * speed.computeSecondsPerSample(type, numPs, numWorkers)
                + m.communication() * speed.communicationSecondsPerSample(type, numPs, numWorkers));
    return (samplesPerSecond * slotSeconds) / type.epochSize();
  }

  @Override
  public double isolatedEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers) {
    return dryRunEpochsPerSlot(jobId, type, numPs, numWorkers);
  }

  /**
   * The slot's formula with the probe's placement and co-location, without φ or noise; nothing is
   * recorded.
   */
  @Override
  public double placedEpochsPerSlot(int jobId, JobType type, PlacementProbe probe) {
    int p = probe.totalParameterServers();
    int w = probe.totalWorkers();
    if (p < 1 || w < 1) {
      return 0;
    }
    JobMultipliers m = multipliers(jobId);
    double compute = m.compute() * speed.computeSecondsPerSample(type, p, w);
    double communication = m.communication() * speed.communicationSecondsPerSample(type, p, w);
    double placement = 1 - (1 - parameters.intraNodeCommFactor()) * probe.localPairFraction();
    double interference = Colocation.communicationFactor(parameters, probe, type);
    double samplesPerSecond = 1 / (compute + communication * placement * interference);
    return (samplesPerSecond * slotSeconds) / type.epochSize();
  }

  /**
   * The job's own curve with its communication time cut by the best placement its counts allow (π =
   * 1 − (1 − λ)·L at the largest L) and no interference (I ≥ 1 only slows), computed in the order
   * {@link #fullSlotEpochs} computes it so that rounding keeps it above; the slot's factor is the
   * fluctuation (and noise) drawn for that job and slot, which no schedule changes.
   */
  @Override
  public SpeedCeiling speedCeiling() {
    return new SpeedCeiling() {
      @Override
      public double peakEpochsPerSlot(
          int jobId, JobType type, int numPs, int numWorkers, double localPairs) {
        JobMultipliers m = multipliers(jobId);
        double compute = m.compute() * speed.computeSecondsPerSample(type, numPs, numWorkers);
        double communication =
            m.communication() * speed.communicationSecondsPerSample(type, numPs, numWorkers);
        double placement = 1 - (1 - parameters.intraNodeCommFactor()) * localPairs;
        double samplesPerSecond = 1 / (compute + communication * placement);
        return (samplesPerSecond * slotSeconds) / type.epochSize();
      }

      @Override
      public double slotFactor(int jobId, int slot) {
        return fluctuation(jobId, slot);
      }

      @Override
      public boolean steady() {
        return false;
      }
    };
  }

  private JobMultipliers multipliers(int jobId) {
    return multipliers.computeIfAbsent(jobId, id -> JobMultipliers.draw(parameters, seed, id));
  }

  private void record(
      JobType type,
      int p,
      int w,
      double compute,
      double communication,
      double placement,
      double interference,
      double fluctuation) {
    double isolated = 1 / (compute + communication);
    double placed = 1 / (compute + communication * placement);
    double contended = 1 / (compute + communication * placement * interference);
    jobSlots++;
    effectSums[0] += isolated / speed.samplesPerSecond(type, p, w);
    effectSums[1] += placed / isolated;
    effectSums[2] += contended / placed;
    effectSums[3] += interference > 1 ? 1 : 0;
    effectSums[4] += fluctuation;
  }

  /** The effects on this run's training job-slots so far. */
  public WorldEffects effects() {
    if (jobSlots == 0) {
      return new WorldEffects(0, 1, 1, 1, 0, 1);
    }
    return new WorldEffects(
        jobSlots,
        effectSums[0] / jobSlots,
        effectSums[1] / jobSlots,
        effectSums[2] / jobSlots,
        effectSums[3] / jobSlots,
        effectSums[4] / jobSlots);
  }

  /** Nothing random carries over between slots: every draw comes from (seed, job[, slot]). */
  @Override
  public void writeState(StateWriter out) {
    out.tag("realistic-world");
  }

  @Override
  public void readState(StateReader in) {
    in.expect("realistic-world");
  }
}
