package dl2.simulation;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.simulation.world.SpeedCeiling;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * The capacity lower bound on a trace's average JCT: the largest of four lower bounds on the
 * total JCT Σ_j JCT_j that hold for every schedule the simulator can run.
 *
 * <p><b>Time.</b> Slot t covers [t, t + 1) in slot units. A job j arriving in slot a_j can train
 * from a_j on; one completing in slot t at fraction φ of it has e = t − 1 + φ and
 * JCT = e − a_j + 1 = (t + φ) − a_j: exactly the time from the start of its arrival slot to its
 * completion. Within a slot progress is linear in time (the fraction φ is remaining work over the
 * slot's epochs), and resizing costs only remove training time at the slot's start.
 *
 * <p><b>Speeds.</b> In slot t, holding configuration c = (p, w), the job does at most
 * s_j(c)·g_j(t) epochs over the whole slot ({@link SpeedCeiling}): in the default world s_j is
 * its type's curve and g = 1 + ε_s (1 without speed noise); in the realistic world s_j is its own
 * curve with the communication time cut by the best placement (p, w) allows and no interference,
 * and g_j(t) is the fluctuation drawn for (job, slot), which no schedule changes. The
 * configurations are those it may hold ({@link JobCeiling}): 1 ≤ p, w ≤ its caps, within the
 * cluster's totals. A job with no worker or no PS does nothing.
 *
 * <p><b>1. Isolated.</b> A job can do no better than s*_j = max_c s_j(c) from its arrival on, so
 * JCT_j ≥ the time at which Σ_{t ≥ a_j} s*_j·g_j(t) reaches E*_j, which with a steady g is
 * E*_j / (s*_j·g). Summed over jobs.
 *
 * <p><b>2, 3. SRPT on cores, on GPUs.</b> Per resource ρ with cluster total C_ρ, an epoch of job
 * j costs at least e_ρ,j / g = min_c use_ρ(c) / s_j(c) / g ρ-slots, so job j consumes at least
 * P_j = E*_j·e_ρ,j / G_j ρ-slots before it completes, with G_j ≥ g_j(t) over the slots it can run
 * in, and never more than C_ρ in use at once. Treating ρ as one machine that processes C_ρ
 * ρ-slots per slot, any schedule is a feasible preemptive, divisible schedule of jobs of sizes
 * P_j / C_ρ slots released at a_j, with every completion no earlier than the job's. A divisible
 * schedule on one machine completes no job before some preemptive one does (preemptive EDF with
 * the divisible completion times as deadlines meets them all), and shortest remaining processing
 * time minimises total flow time on one preemptive machine with release dates
 * ({@link SrptFlowTime}); its total is a lower bound on Σ_j JCT_j.
 *
 * <p><b>Random factors.</b> With a steady g, G_j = g. Otherwise G_j is the largest g_j(t) for
 * a_j ≤ t ≤ H, valid for schedules in which every job completes by slot H; any other schedule
 * has a job completing after slot H, so its total JCT exceeds H − a_max + 1. Taking
 * H = a_max − 1 + ⌈L⌉ with L the SRPT bound for G_j over a_j ≤ t ≤ a_max (a bound that can only
 * fall as H grows) makes the SRPT bound with G_j over a_j ≤ t ≤ H hold for every schedule.
 *
 * <p><b>4. Priced.</b> With a total JCT that some schedule reaches to aim at, {@link PricedBound}:
 * a price on each slot's cores and GPUs, each job's least JCT plus the price of what it holds,
 * less the prices. It charges jobs that contend for the same slots, which none of the others do.
 *
 * <p>Each of the four holds for every schedule, so their maximum does; a per-job maximum
 * would not (the SRPT completions of different jobs trade against each other). In the default
 * world without speed noise, jobs without caps of their own on a cluster where the best
 * configuration fits, the isolated total is {@link NoContentionBound}'s. Computed in doubles: a
 * schedule can meet the bound, and can come out below it by rounding, by a few parts in 10^15.
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
   * @param priced the priced bound's total ({@link PricedBound}); 0, a bound too, where it was not computed
   */
  public record Totals(int jobs, double isolated, double srptCores, double srptGpus, double priced) {
    /** The bound on the total JCT: the largest of the four. */
    public double total() {
      return Math.max(Math.max(isolated, priced), Math.max(srptCores, srptGpus));
    }

    /** The bound on the average JCT, in slots. */
    public double averageJct() {
      return total() / jobs;
    }

    /** Which part gives the bound: {@code isolated}, {@code cores}, {@code gpus} or {@code priced} (the first on a tie). */
    public String binding() {
      double total = total();
      return isolated == total ? "isolated" : srptCores == total ? "cores" : srptGpus == total ? "gpus" : "priced";
    }
  }

  /**
   * Subgradient steps of the priced part at most. On paper-dense's first test trace 25 steps reach
   * within 0.06 % of where 260 settle, 100 within 0.005 %.
   */
  public static final int PRICED_STEPS = 100;

  /**
   * All four parts of the bound of {@code trace} simulated with {@code config}, {@code speed} and
   * simulator seed {@code seed}; the priced part aims at {@code reachable}, a total JCT that some
   * schedule of the trace reaches (a bound whatever the aim, tighter the closer it is).
   */
  public static Totals of(Trace trace, SimulationConfig config, SpeedModel speed, long seed, double reachable) {
    Totals parts = of(trace, config, speed, seed);
    double priced = PricedBound.of(trace, config, speed, seed, reachable, PRICED_STEPS).total();
    return new Totals(parts.jobs(), parts.isolated(), parts.srptCores(), parts.srptGpus(), priced);
  }

  /** The isolated and SRPT parts of the bound of {@code trace} simulated with {@code config}, {@code speed} and simulator seed {@code seed}. */
  public static Totals of(Trace trace, SimulationConfig config, SpeedModel speed, long seed) {
    SpeedCeiling ceiling = config.world().start(speed, config.slotSeconds(), config.speedNoise(), seed).speedCeiling();
    ClusterSpec cluster = config.cluster();
    List<JobSpec> jobs = trace.jobs();
    JobFrontier[] frontiers = JobFrontier.forTrace(trace, config, ceiling);
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

  /** The job alone at its best configuration from its arrival slot's start: when its epochs reach E*. */
  private static double isolatedJct(JobCeiling job, SpeedCeiling ceiling) {
    JobSpec spec = job.job();
    if (ceiling.steady()) {
      double factor = ceiling.slotFactor(spec.id(), spec.arrivalSlot());
      return factor == 1 ? spec.realEpochs() / job.bestEpochsPerSlot() : spec.realEpochs() / (job.bestEpochsPerSlot() * factor);
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

  /** G_j: each job's largest slot factor from its arrival through slot {@code horizon} (its arrival slot's at least). */
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
