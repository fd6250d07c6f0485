package dl2.bounds;

import dl2.model.JobSpec;

/**
 * The most one job can get out of a slot and out of each resource, over every configuration it may
 * hold ({@link JobFrontier}: a configuration the frontier leaves out is beaten on speed with no
 * more cores and no more GPUs, so it is never the best nor the most frugal). Speeds are epochs per
 * whole slot before the slot's random factor ({@link dl2.simulation.world.SpeedCeiling}).
 *
 * @param job the job
 * @param bestEpochsPerSlot max_c speed(c)
 * @param coreSlotsPerEpoch min_c cores(c) / speed(c): the fewest core-slots one epoch can take
 * @param gpuSlotsPerEpoch min_c GPUs(c) / speed(c); 0 for a job whose workers need no GPU
 */
record JobCeiling(
    JobSpec job, double bestEpochsPerSlot, double coreSlotsPerEpoch, double gpuSlotsPerEpoch) {

  static JobCeiling of(JobSpec job, JobFrontier frontier) {
    double best = 0;
    double cores = Double.POSITIVE_INFINITY;
    double gpus = Double.POSITIVE_INFINITY;
    for (int i = 0; i < frontier.speeds().length; i++) {
      double speed = frontier.speeds()[i];
      best = Math.max(best, speed);
      cores = Math.min(cores, frontier.cores()[i] / speed);
      gpus = Math.min(gpus, frontier.gpus()[i] / speed);
    }
    return new JobCeiling(job, best, cores, gpus);
  }
}
