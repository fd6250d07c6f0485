package dl2.bounds;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.world.LocalPairKnapsack;
import dl2.simulation.world.SpeedCeiling;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The configurations worth holding for one job: every (p, w) it may hold (1 ≤ p ≤ its PS cap, 1 ≤ w
 * ≤ its worker cap, C or its own when lower, the tasks within the cluster's total cores and GPUs,
 * with some speed), less those another beats on speed with no more cores and no more GPUs. What the
 * bounds need of a job is the same over these as over all it may hold. Sorted by speed, then cores,
 * then GPUs; speeds are epochs per whole slot before the slot's random factor. Equal when their
 * configurations are: jobs with equal frontiers share their slots' cost-of-work curves.
 */
record JobFrontier(double[] speeds, int[] cores, int[] gpus) {
  @Override
  public boolean equals(Object other) {
    return other instanceof JobFrontier f
        && Arrays.equals(speeds, f.speeds)
        && Arrays.equals(cores, f.cores)
        && Arrays.equals(gpus, f.gpus);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.hashCode(speeds) + Arrays.hashCode(cores)) + Arrays.hashCode(gpus);
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
   * Every job's frontier, in trace order, under {@code ceiling}; jobs with equal frontiers share
   * one instance, so that they can be grouped by identity.
   */
  static JobFrontier[] forTrace(Trace trace, SimulationConfig config, SpeedCeiling ceiling) {
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
          shared.computeIfAbsent(of(job, ceiling, cluster, config.taskCap(), pairs), f -> f);
    }
    return frontiers;
  }

  private static JobFrontier of(
      JobSpec job,
      SpeedCeiling ceiling,
      ClusterSpec cluster,
      int taskCap,
      LocalPairKnapsack localPairs) {
    Resources worker = job.type().demand(Task.WORKER);
    Resources ps = job.type().demand(Task.PS);
    List<double[]> all = new ArrayList<>(); // {cores, gpus, speed}
    for (int p = 1; p <= Math.min(taskCap, job.maxParameterServers()); p++) {
      for (int w = 1; w <= Math.min(taskCap, job.maxWorkers()); w++) {
        Resources use = worker.times(w).plus(ps.times(p));
        if (use.cores() > cluster.totalCores() || use.gpus() > cluster.totalGpus()) {
          continue;
        }
        double speed =
            ceiling.peakEpochsPerSlot(job.id(), job.type(), p, w, localPairs.maxFraction(p, w));
        if (speed > 0) {
          all.add(new double[] {use.cores(), use.gpus(), speed});
        }
      }
    }
    if (all.isEmpty()) {
      throw new IllegalArgumentException(
          "job "
              + job.id()
              + " ("
              + job.type().modelName()
              + ") makes no progress at any configuration that fits its caps and the cluster");
    }
    List<double[]> kept = undominated(all, cluster.totalGpus());
    kept.sort(
        Comparator.<double[]>comparingDouble(c -> c[2])
            .thenComparingDouble(c -> c[0])
            .thenComparingDouble(c -> c[1]));
    double[] speeds = new double[kept.size()];
    int[] cores = new int[kept.size()];
    int[] gpus = new int[kept.size()];
    for (int i = 0; i < speeds.length; i++) {
      cores[i] = (int) kept.get(i)[0];
      gpus[i] = (int) kept.get(i)[1];
      speeds[i] = kept.get(i)[2];
    }
    return new JobFrontier(speeds, cores, gpus);
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
