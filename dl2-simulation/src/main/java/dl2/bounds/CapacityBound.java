package dl2.bounds;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.world.SpeedCeiling;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * The capacity lower bound on a trace's average JCT: the largest of four lower bounds on the total
 * JCT (jobs alone, SRPT on the cores, on the GPUs, and {@link PricedBound}), each holding for every
 * schedule the simulator can run. The proof is in docs/design.md, "Lower bounds on average JCT".
 */
public final class CapacityBound {
  private CapacityBound() {}

  /**
   * The four totals of one trace, in slots summed over its jobs.
   *
   * @param jobs the trace's job count
   * @param isolated Σ_j of each job's JCT alone at its best configuration
   * @param srptCores the SRPT total flow time with the cluster's cores as one machine
   * @param srptGpus the same with its GPUs
   * @param priced the priced bound's total ({@link PricedBound}); 0, a bound too, where it was not
   *     computed
   */
  public record Totals(
      int jobs, double isolated, double srptCores, double srptGpus, double priced) {
    /** The bound on the total JCT: the largest of the four. */
    public double total() {
      return Math.max(Math.max(isolated, priced), Math.max(srptCores, srptGpus));
    }

    /** The bound on the average JCT, in slots. */
    public double averageJct() {
      return total() / jobs;
    }

    /**
     * Which part gives the bound: {@code isolated}, {@code cores}, {@code gpus} or {@code priced}
     * (the first on a tie).
     */
    public String binding() {
      double total = total();
      return isolated == total
          ? "isolated"
          : srptCores == total ? "cores" : srptGpus == total ? "gpus" : "priced";
    }
  }

  /** Subgradient steps of the priced part at most; how near they come is in docs/design.md. */
  public static final int PRICED_STEPS = 100;

  /**
   * All four parts of the bound of {@code trace} simulated with {@code config}, {@code speed} and
   * simulator seed {@code seed}; the priced part aims at {@code reachable}, a total JCT that some
   * schedule of the trace reaches (a bound whatever the aim, tighter the closer it is).
   */
  public static Totals of(
      Trace trace, SimulationConfig config, SpeedModel speed, long seed, double reachable) {
    Totals parts = of(trace, config, speed, seed);
    double priced = PricedBound.of(trace, config, speed, seed, reachable, PRICED_STEPS).total();
    return new Totals(parts.jobs(), parts.isolated(), parts.srptCores(), parts.srptGpus(), priced);
  }

  /**
   * The isolated and SRPT parts of the bound of {@code trace} simulated with {@code config}, {@code
   * speed} and simulator seed {@code seed}.
   */
  public static Totals of(Trace trace, SimulationConfig config, SpeedModel speed, long seed) {
    SpeedCeiling ceiling = JobFrontier.ceiling(config, speed, seed);
    ClusterSpec cluster = config.cluster();
    List<JobSpec> jobs = trace.jobs();
    JobFrontier[] frontiers = JobFrontier.forTrace(trace, config, ceiling, GpuPools.of(cluster));
    JobCeiling[] ceilings = new JobCeiling[jobs.size()];
    for (int i = 0; i < ceilings.length; i++) {
      ceilings[i] = JobCeiling.of(jobs.get(i), frontiers[i]);
    }
    double isolated = 0;
    for (JobCeiling job : ceilings) {
      isolated += isolatedJct(job, ceiling);
    }
    int lastArrival = jobs.stream().mapToInt(JobSpec::arrivalSlot).max().orElse(0);
    double[] factors = largestFactors(ceilings, ceiling, lastArrival);
    double[] srpt = srpt(ceilings, factors, cluster);
    if (!ceiling.steady()) {
      int horizon = lastArrival - 1 + (int) Math.ceil(Math.max(srpt[0], srpt[1]));
      if (horizon > lastArrival) {
        factors = largestFactors(ceilings, ceiling, horizon);
        srpt = srpt(ceilings, factors, cluster);
      }
    }
    return new Totals(jobs.size(), isolated, srpt[0], srpt[1], 0);
  }

  /**
   * The job alone at its best configuration from its arrival slot's start: when its epochs reach
   * E*.
   */
  private static double isolatedJct(JobCeiling job, SpeedCeiling ceiling) {
    JobSpec spec = job.job();
    if (ceiling.steady()) {
      double factor = ceiling.slotFactor(spec.id(), spec.arrivalSlot());
      return factor == 1
          ? spec.realEpochs() / job.bestEpochsPerSlot()
          : spec.realEpochs() / (job.bestEpochsPerSlot() * factor);
    }
    double done = 0;
    for (int slot = spec.arrivalSlot(); ; slot++) {
      double epochs = job.bestEpochsPerSlot() * ceiling.slotFactor(spec.id(), slot);
      if (done + epochs >= spec.realEpochs()) {
        return slot - spec.arrivalSlot() + (spec.realEpochs() - done) / epochs;
      }
      done += epochs;
    }
  }

  /**
   * G_j: each job's largest slot factor from its arrival through slot {@code horizon} (its arrival
   * slot's at least).
   */
  private static double[] largestFactors(JobCeiling[] jobs, SpeedCeiling ceiling, int horizon) {
    double[] largest = new double[jobs.length];
    for (int i = 0; i < jobs.length; i++) {
      JobSpec job = jobs[i].job();
      int last = ceiling.steady() ? job.arrivalSlot() : Math.max(job.arrivalSlot(), horizon);
      for (int slot = job.arrivalSlot(); slot <= last; slot++) {
        largest[i] = Math.max(largest[i], ceiling.slotFactor(job.id(), slot));
      }
    }
    return largest;
  }

  /** The SRPT total flow time on the cores, then on the GPUs. */
  private static double[] srpt(JobCeiling[] jobs, double[] factors, ClusterSpec cluster) {
    double[] releases = new double[jobs.length];
    double[] cores = new double[jobs.length];
    double[] gpus = new double[jobs.length];
    for (int i = 0; i < jobs.length; i++) {
      double epochs = jobs[i].job().realEpochs();
      releases[i] = jobs[i].job().arrivalSlot();
      cores[i] = epochs * jobs[i].coreSlotsPerEpoch() / factors[i] / cluster.totalCores();
      gpus[i] = epochs * jobs[i].gpuSlotsPerEpoch() / factors[i] / cluster.totalGpus();
    }
    return new double[] {SrptFlowTime.total(releases, cores), SrptFlowTime.total(releases, gpus)};
  }
}
