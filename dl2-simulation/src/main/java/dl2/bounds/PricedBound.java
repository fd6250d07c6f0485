package dl2.bounds;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.world.SpeedCeiling;
import dl2.speed.SpeedModel;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The priced lower bound on a trace's total JCT: a Lagrangian relaxation of every slot's core total
 * and GPU total of each GPU type ({@link GpuPools}), split into one {@link PricedJob} per job, with
 * prices found by projected subgradient ascent; every choice of prices gives a bound. Proof:
 * docs/design.md, "Lower bounds on average JCT".
 */
public final class PricedBound {
  private PricedBound() {}

  /**
   * One trace's result.
   *
   * @param jobs the trace's job count
   * @param total the bound on Σ_j JCT_j, in slots
   * @param iterations the subgradient steps taken
   */
  public record Result(int jobs, double total, int iterations) {
    public double averageJct() {
      return total / jobs;
    }
  }

  /**
   * The bound for {@code trace} simulated with {@code config}, {@code speed} and simulator seed
   * {@code seed}, after at most {@code iterations} steps aimed at {@code reachable}, a total JCT
   * that some schedule reaches. A bound above it would be a defect of the bound, which the caller
   * reports ({@code compare} does, with its own exit code).
   */
  public static Result of(
      Trace trace,
      SimulationConfig config,
      SpeedModel speed,
      long seed,
      double reachable,
      int iterations) {
    PricedJob[] jobs = jobs(trace, config, speed, seed);
    int lastArrival = trace.jobs().stream().mapToInt(JobSpec::arrivalSlot).max().orElse(0);
    // Priced slots: up to four average JCTs of the aim past the last arrival, where contention has
    // long ended.
    int horizon = lastArrival + 4 * (int) Math.ceil(reachable / Math.max(1, jobs.length)) + 1;
    ClusterSpec cluster = config.cluster();
    int pools = GpuPools.of(cluster).size();
    double[] corePrice = new double[horizon];
    double[][] gpuPrice = new double[pools][horizon];
    double[] coreUse = new double[horizon];
    double[][] gpuUse = new double[pools][horizon];
    double best = Double.NEGATIVE_INFINITY;
    double scale = 1;
    int sinceBetter = 0;
    int step = 0;
    while (step < iterations) {
      double value = value(jobs, cluster, corePrice, gpuPrice, coreUse, gpuUse);
      step++;
      double squares = 0;
      for (int t = 0; t < horizon; t++) {
        // A price at zero with room to spare stays at zero: that part of the subgradient does not
        // count.
        squares += corePrice[t] > 0 || coreUse[t] > 0 ? coreUse[t] * coreUse[t] : 0;
        for (int k = 0; k < pools; k++) {
          double use = gpuUse[k][t];
          squares += gpuPrice[k][t] > 0 || use > 0 ? use * use : 0;
        }
      }
      if (value > best) {
        best = value;
        sinceBetter = 0;
      } else if (++sinceBetter >= 10) {
        scale /= 2;
        sinceBetter = 0;
      }
      if (squares == 0 || value >= reachable || scale < 1e-4) {
        break;
      }
      double length = scale * (reachable - value) / squares;
      for (int t = 0; t < horizon; t++) {
        corePrice[t] = Math.max(0, corePrice[t] + length * coreUse[t]);
        for (int k = 0; k < pools; k++) {
          gpuPrice[k][t] = Math.max(0, gpuPrice[k][t] + length * gpuUse[k][t]);
        }
      }
    }
    return new Result(jobs.length, best, step);
  }

  /**
   * The bound's value at given prices (one per slot below their length, zero after), the GPUs'
   * price the same for every GPU type.
   */
  static double at(
      Trace trace,
      SimulationConfig config,
      SpeedModel speed,
      long seed,
      double[] corePrice,
      double[] gpuPrice) {
    double[][] perPool = new double[GpuPools.of(config.cluster()).size()][];
    java.util.Arrays.fill(perPool, gpuPrice);
    return at(trace, config, speed, seed, corePrice, perPool);
  }

  /**
   * The bound's value at given prices: {@code corePrice} per slot, {@code gpuPrice} per GPU pool
   * ({@link GpuPools}, the cluster's GPU types in order of first appearance) and slot.
   */
  static double at(
      Trace trace,
      SimulationConfig config,
      SpeedModel speed,
      long seed,
      double[] corePrice,
      double[][] gpuPrice) {
    int horizon = corePrice.length;
    return value(
        jobs(trace, config, speed, seed),
        config.cluster(),
        corePrice,
        gpuPrice,
        new double[horizon],
        new double[gpuPrice.length][horizon]);
  }

  /**
   * Σ_j (job j's least priced cost) − Σ_t (λ_t + Σ_k μ_{t,k}); {@code coreUse} and {@code gpuUse}
   * are overwritten with the subgradient, each slot's use in those schedules less the cluster's
   * cores and each pool's GPUs.
   */
  private static double value(
      PricedJob[] jobs,
      ClusterSpec cluster,
      double[] corePrice,
      double[][] gpuPrice,
      double[] coreUse,
      double[][] gpuUse) {
    java.util.Arrays.fill(coreUse, 0);
    for (double[] use : gpuUse) {
      java.util.Arrays.fill(use, 0);
    }
    // Jobs of one frontier (one instance) share its curves and last-slot choices.
    Map<JobFrontier, SlotHulls> hulls = new IdentityHashMap<>();
    Map<JobFrontier, LastSlots> lastSlots = new IdentityHashMap<>();
    SlotPrices prices =
        new SlotPrices(corePrice, gpuPrice, cluster.totalCores(), GpuPools.of(cluster).gpus());
    double value = 0;
    for (PricedJob job : jobs) {
      JobFrontier f = job.frontier();
      SlotHulls curves = hulls.computeIfAbsent(f, k -> new SlotHulls(k, prices));
      LastSlots choices = lastSlots.computeIfAbsent(f, k -> new LastSlots(k, prices));
      value += job.solve(curves, choices, corePrice.length, coreUse, gpuUse);
    }
    for (int t = 0; t < corePrice.length; t++) {
      double slotPrice = corePrice[t];
      for (double[] price : gpuPrice) {
        slotPrice += price[t];
      }
      value -= slotPrice;
      coreUse[t] -= 1;
      for (double[] use : gpuUse) {
        use[t] -= 1;
      }
    }
    return value;
  }

  static PricedJob[] jobs(Trace trace, SimulationConfig config, SpeedModel speed, long seed) {
    SpeedCeiling ceiling = JobFrontier.ceiling(config, speed, seed);
    JobFrontier[] frontiers =
        JobFrontier.forTrace(trace, config, ceiling, GpuPools.of(config.cluster()));
    PricedJob[] jobs = new PricedJob[frontiers.length];
    for (int i = 0; i < jobs.length; i++) {
      jobs[i] = new PricedJob(trace.jobs().get(i), frontiers[i], ceiling);
    }
    return jobs;
  }
}
