package dl2.simulation;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.simulation.world.LocalPairs;
import dl2.simulation.world.SpeedCeiling;

/**
 * The most one job can get out of a slot and out of each resource, over every configuration it
 * may hold: 1 ≤ p ≤ its PS cap, 1 ≤ w ≤ its worker cap (C, or its own when lower), with the
 * tasks' demands within the cluster's total cores and GPUs. Speeds are epochs per whole slot
 * before the slot's random factor ({@link SpeedCeiling}).
 *
 * @param job the job
 * @param bestEpochsPerSlot max_c speed(c)
 * @param coreSlotsPerEpoch min_c cores(c) / speed(c): the fewest core-slots one epoch can take
 * @param gpuSlotsPerEpoch min_c GPUs(c) / speed(c); 0 for a job whose workers need no GPU
 */
record JobCeiling(JobSpec job, double bestEpochsPerSlot, double coreSlotsPerEpoch, double gpuSlotsPerEpoch) {

  /** {@code localPairs} for the job's type on the cluster's nodes, up to the job's caps. */
  static JobCeiling of(JobSpec job, SpeedCeiling ceiling, ClusterSpec cluster, int taskCap, LocalPairs localPairs) {
    Resources worker = job.type().demand(Task.WORKER);
    Resources ps = job.type().demand(Task.PS);
    double best = 0;
    double cores = Double.POSITIVE_INFINITY;
    double gpus = Double.POSITIVE_INFINITY;
    for (int p = 1; p <= psCap(job, taskCap); p++) {
      for (int w = 1; w <= workerCap(job, taskCap); w++) {
        Resources use = worker.times(w).plus(ps.times(p));
        if (use.cores() > cluster.totalCores() || use.gpus() > cluster.totalGpus()) {
          continue;
        }
        double speed = ceiling.peakEpochsPerSlot(job.id(), job.type(), p, w, localPairs.maxFraction(p, w));
        if (speed > 0) {
          best = Math.max(best, speed);
          cores = Math.min(cores, use.cores() / speed);
          gpus = Math.min(gpus, use.gpus() / speed);
        }
      }
    }
    if (!(best > 0)) {
      throw new IllegalArgumentException("job " + job.id() + " (" + job.type().modelName()
          + ") makes no progress at any configuration that fits its caps and the cluster");
    }
    return new JobCeiling(job, best, cores, gpus);
  }

  private static int psCap(JobSpec job, int taskCap) {
    return Math.min(taskCap, job.maxParameterServers());
  }

  private static int workerCap(JobSpec job, int taskCap) {
    return Math.min(taskCap, job.maxWorkers());
  }
}
