package dl2.schedulers.typed;

import dl2.model.ClusterSpec;
import dl2.model.Task;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.JobView;
import dl2.slot.SlotContext;

/**
 * What one more task is worth to a job under a rank of the stronger greedy rules ({@link
 * OptimusRemaining.Rank}), the job training at a GPU type's factor times the dry run's pace: from
 * its remaining slots t0 = R/(f·s) now and t1 = R/(f·s') with the task, the rank of t0 − t1. As in
 * {@link OptimusRemaining}, a job's first worker and then its first PS are worth +∞, and a job past
 * its estimate (R ≤ 0) gains nothing.
 */
final class TaskWorth {
  /** Remaining-time guard when a rate is not positive, as in {@link OptimusRemaining}. */
  private static final double NO_PROGRESS_SLOTS = 1e12;

  private final OptimusRemaining.Rank rank;
  private final SlotContext slot;
  private final ClusterSpec cluster;

  TaskWorth(OptimusRemaining.Rank rank, SlotContext slot) {
    this.rank = rank;
    this.slot = slot;
    this.cluster = slot.cluster().spec();
  }

  /**
   * The worth of one more {@code role} to {@code job} holding {@code ps} PSs and {@code workers}
   * workers at factor {@code factor}; −∞ for a role not offered yet (a PS before the first worker,
   * a worker before the first PS).
   */
  double of(JobView job, int ps, int workers, Task role, double factor) {
    if (workers == 0) {
      return role == Task.WORKER ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }
    if (ps == 0) {
      return role == Task.PS ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }
    double remaining = job.epochs() - job.progress();
    if (remaining <= 0) {
      return 0; // past its estimate: no known gain, as in OptimusRemaining
    }
    double now = remainingSlots(job, remaining, ps, workers, factor);
    boolean worker = role == Task.WORKER;
    double with =
        remainingSlots(
            job, remaining, worker ? ps : ps + 1, worker ? workers + 1 : workers, factor);
    double share = cluster.dominantShare(job.type(), worker ? 1 : 0, worker ? 0 : 1);
    return rank.value(now - with, now, remaining, share);
  }

  /** Slots to finish {@code remaining} epochs at (p, w) on a type of {@code factor}. */
  double remainingSlots(JobView job, double remaining, int ps, int workers, double factor) {
    double epochsPerSlot = slot.dryRunEpochsPerSlot(job, ps, workers) * factor;
    return epochsPerSlot <= 0 ? NO_PROGRESS_SLOTS : remaining / epochsPerSlot;
  }
}
