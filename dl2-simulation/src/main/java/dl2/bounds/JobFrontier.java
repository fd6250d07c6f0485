package dl2.bounds;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.world.GpuTypedWorld;
import dl2.simulation.world.LocalPairKnapsack;
import dl2.simulation.world.SpeedCeiling;
import dl2.simulation.world.WorldRun;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The configurations worth holding for one job: every GPU pool ({@link GpuPools}) and (p, w) it may
 * hold (1 ≤ p ≤ its PS cap, 1 ≤ w ≤ its worker cap, C or its own when lower, the tasks within the
 * cluster's total cores and GPUs, with some speed), its workers on that pool's GPU type and at its
 * factor, less those another of the same pool beats on speed with no more cores and no more GPUs.
 * What the bounds need of a job is the same over these as over all it may hold (docs/design.md:
 * workers spread over types are no faster than all on the cheapest of them). Sorted by speed, then
 * cores, then GPUs, then pool; speeds are epochs per whole slot before the slot's random factor.
 * Equal when their configurations are: jobs with equal frontiers share their slots' cost-of-work
 * curves.
 */
record JobFrontier(double[] speeds, int[] cores, int[] gpus, int[] pools) {
  /**
   * The pool of a configuration whose GPUs may sit on whichever GPU type costs least in the slot: a
   * job whose parameter servers hold GPUs, which set no pace and so may go to the cheapest type.
   */
  static final int CHEAPEST_POOL = -1;

  @Override
  public boolean equals(Object other) {
    return other instanceof JobFrontier f
        && Arrays.equals(speeds, f.speeds)
        && Arrays.equals(cores, f.cores)
        && Arrays.equals(gpus, f.gpus)
        && Arrays.equals(pools, f.pools);
  }

  @Override
  public int hashCode() {
    return 31
            * (31 * (31 * Arrays.hashCode(speeds) + Arrays.hashCode(cores)) + Arrays.hashCode(gpus))
        + Arrays.hashCode(pools);
  }

  @Override
  public String toString() {
    return speeds.length
        + " configurations up to "
        + speeds[speeds.length - 1]
        + " epochs per slot";
  }

  /** The most this job does in a whole slot before the slot's factor. */
  double best() {
    return speeds[speeds.length - 1];
  }

  /**
   * The speed ceiling of a run of {@code config} at dl2's own pace, without its GPU types' factors,
   * which each pool applies to its own configurations.
   */
  static SpeedCeiling ceiling(SimulationConfig config, SpeedModel speed, long seed) {
    WorldRun run = config.world().start(speed, config.slotSeconds(), config.speedNoise(), seed);
    return GpuTypedWorld.withoutGpuTypes(run).speedCeiling();
  }

  /**
   * Every job's frontier, in trace order, under {@code ceiling}; jobs with equal frontiers share
   * one instance, so that they can be grouped by identity.
   */
  static JobFrontier[] forTrace(
      Trace trace, SimulationConfig config, SpeedCeiling ceiling, GpuPools pools) {
    ClusterSpec cluster = config.cluster();
    Map<JobType, LocalPairKnapsack> localPairs = new TreeMap<>();
    Map<JobFrontier, JobFrontier> shared = new HashMap<>();
    List<JobSpec> jobs = trace.jobs();
    JobFrontier[] frontiers = new JobFrontier[jobs.size()];
    for (int i = 0; i < frontiers.length; i++) {
      JobSpec job = jobs.get(i);
      LocalPairKnapsack pairs =
          localPairs.computeIfAbsent(
              job.type(),
              type ->
                  new LocalPairKnapsack( // C covers every job cap
                      new Resources(cluster.coresPerNode(), cluster.gpusPerNode()),
                      type.demand(Task.WORKER),
                      type.demand(Task.PS),
                      config.taskCap(),
                      config.taskCap()));
      frontiers[i] =
          shared.computeIfAbsent(of(job, ceiling, cluster, config.taskCap(), pairs, pools), f -> f);
    }
    return frontiers;
  }

  private static JobFrontier of(
      JobSpec job,
      SpeedCeiling ceiling,
      ClusterSpec cluster,
      int taskCap,
      LocalPairKnapsack localPairs,
      GpuPools pools) {
    Resources worker = job.type().demand(Task.WORKER);
    Resources ps = job.type().demand(Task.PS);
    List<double[]> peaks = new ArrayList<>(); // {cores, gpus, speed on dl2's curve}
    for (int p = 1; p <= Math.min(taskCap, job.maxParameterServers()); p++) {
      for (int w = 1; w <= Math.min(taskCap, job.maxWorkers()); w++) {
        Resources use = worker.times(w).plus(ps.times(p));
        if (use.cores() > cluster.totalCores() || use.gpus() > cluster.totalGpus()) {
          continue;
        }
        double speed =
            ceiling.peakEpochsPerSlot(job.id(), job.type(), p, w, localPairs.maxFraction(p, w));
        if (speed > 0) {
          peaks.add(new double[] {use.cores(), use.gpus(), speed});
        }
      }
    }
    if (peaks.isEmpty()) {
      throw new IllegalArgumentException(
          "job "
              + job.id()
              + " ("
              + job.type().modelName()
              + ") makes no progress at any configuration that fits its caps and the cluster");
    }
    List<double[]> kept = new ArrayList<>(); // {cores, gpus, speed, pool}
    for (int pool : poolsOf(worker, ps, pools)) {
      double factor =
          pool == CHEAPEST_POOL || worker.gpus() + ps.gpus() == 0
              ? pools.fastestFactor(job.type())
              : pools.factor(pool, job.type());
      List<double[]> scaled = new ArrayList<>();
      for (double[] c : peaks) {
        scaled.add(new double[] {c[0], c[1], factor == 1 ? c[2] : c[2] * factor, pool});
      }
      kept.addAll(undominated(scaled, cluster.totalGpus()));
    }
    kept.sort(
        Comparator.<double[]>comparingDouble(c -> c[2])
            .thenComparingDouble(c -> c[0])
            .thenComparingDouble(c -> c[1])
            .thenComparingDouble(c -> c[3]));
    double[] speeds = new double[kept.size()];
    int[] cores = new int[kept.size()];
    int[] gpus = new int[kept.size()];
    int[] poolOf = new int[kept.size()];
    for (int i = 0; i < speeds.length; i++) {
      cores[i] = (int) kept.get(i)[0];
      gpus[i] = (int) kept.get(i)[1];
      speeds[i] = kept.get(i)[2];
      poolOf[i] = (int) kept.get(i)[3];
    }
    return new JobFrontier(speeds, cores, gpus, poolOf);
  }

  /**
   * The pools a job's configurations are tried on: each pool where its workers hold GPUs and its
   * PSs none; one, the first, where neither holds a GPU (no price of a type applies) or the cluster
   * has one type; {@link #CHEAPEST_POOL} at the fastest type's pace where its PSs hold GPUs (they
   * may sit on a cheaper type than the workers').
   */
  private static List<Integer> poolsOf(Resources worker, Resources ps, GpuPools pools) {
    if (pools.size() == 1 || worker.gpus() + ps.gpus() == 0) {
      return List.of(0);
    }
    if (ps.gpus() > 0) {
      return List.of(CHEAPEST_POOL);
    }
    List<Integer> each = new ArrayList<>();
    for (int pool = 0; pool < pools.size(); pool++) {
      each.add(pool);
    }
    return each;
  }

  /**
   * A sweep by cores: a configuration is beaten when one seen before, with no more GPUs, is at
   * least as fast.
   */
  private static List<double[]> undominated(List<double[]> all, int totalGpus) {
    List<double[]> sorted = new ArrayList<>(all);
    sorted.sort(
        Comparator.<double[]>comparingDouble(c -> c[0])
            .thenComparingDouble(c -> c[1])
            .thenComparingDouble(c -> -c[2]));
    double[] fastestUpTo =
        new double[totalGpus + 1]; // by GPUs held, over the configurations seen so far
    Arrays.fill(fastestUpTo, Double.NEGATIVE_INFINITY);
    List<double[]> kept = new ArrayList<>();
    for (double[] c : sorted) {
      int g = (int) c[1];
      if (fastestUpTo[g] >= c[2]) {
        continue;
      }
      kept.add(c);
      for (int h = g; h <= totalGpus; h++) {
        fastestUpTo[h] = Math.max(fastestUpTo[h], c[2]);
      }
    }
    return kept;
  }
}
