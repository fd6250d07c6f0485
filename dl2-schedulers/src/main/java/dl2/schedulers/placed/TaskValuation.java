package dl2.schedulers.placed;

import dl2.model.ClusterSpec;
import dl2.model.Task;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.ClusterView;
import dl2.slot.JobOrder;
import dl2.slot.JobView;
import dl2.slot.NodeOccupancy;
import dl2.slot.PlacementProbe;
import dl2.slot.SlotContext;
import java.util.List;

/**
 * What {@link IaGreedySlot} values a task at: the job's own speed-up on a node (as a fraction of
 * its ideal speed when it is being placed, of its present one when it grows, or as a completion
 * rate), plus the change it makes to the jobs already training there, per dominant share if asked;
 * with the Pollux rule, no node of a multi-node job holds another multi-node job.
 */
final class TaskValuation {
  private final SlotContext slot;
  private final PlacedSpeeds speeds;
  private final IaGreedy.Config config;
  private final NodeOccupancy occupancy;
  private final ClusterView cluster;
  private final List<JobView> jobs;

  /** Each job's predicted epochs per slot where it is now, kept up to date by the slot. */
  private final double[] rate;

  private final double[][] shares;

  /** What the greedy believes each job's remaining epochs are (docs/job-lengths.md). */
  private final OptimusRemaining.RemainingEpochs remainingEpochs;

  TaskValuation(
      SlotContext slot,
      PlacedSpeeds speeds,
      IaGreedy.Config config,
      NodeOccupancy occupancy,
      List<JobView> jobs,
      double[] rate,
      OptimusRemaining.RemainingEpochs remainingEpochs) {
    this.remainingEpochs = remainingEpochs;
    this.slot = slot;
    this.speeds = speeds;
    this.config = config;
    this.occupancy = occupancy;
    this.cluster = slot.cluster();
    this.jobs = jobs;
    this.rate = rate;
    ClusterSpec spec = cluster.spec();
    this.shares = new double[dl2.model.JobType.MAX_TYPES][];
    for (JobView job : jobs) {
      dl2.model.JobType type = job.type();
      if (shares[type.ordinal()] == null) {
        shares[type.ordinal()] =
            new double[] {
              spec.dominantShare(type, 1, 0),
              spec.dominantShare(type, 0, 1),
              spec.dominantShare(type, 1, 1)
            };
      }
    }
  }

  TaskCandidate value(int i, TaskStep step, int node, boolean placing) {
    JobView job = jobs.get(i);
    if (!step.fitsCaps(job)
        || !cluster.fits(node, step.demand(job.type()))
        || (config.polluxRule() && !polluxAllows(job, node))) {
      return null;
    }
    double after = speed(job, job, step, node);
    double own;
    double remaining = remainingEpochs.of(job);
    if (placing) {
      own =
          after <= 0
              ? 0
              : config.completionRate()
                  ? after / Math.max(remaining, 1e-9)
                  : after / ideal(job, step);
    } else {
      own =
          remaining <= 0
              ? 0
              : config.completionRate()
                  ? (after - rate[i]) / remaining
                  : (1 - rate[i] / after) * lastSlotFactor(remaining, rate[i]);
    }
    double value = own + victims(job, step, node);
    if (!placing && config.perShare()) {
      value /= share(job.type(), step);
    }
    return new TaskCandidate(value, step, node);
  }

  /**
   * With the last-slot rule, min(1, t0) for a job t0 = R/s0 slots from its end, so that a job
   * finishing inside the slot is valued by the slots it saves, not the fraction; else 1.
   */
  private double lastSlotFactor(double remainingEpochs, double epochsPerSlot) {
    if (!config.lastSlot() || remainingEpochs <= 0 || epochsPerSlot <= 0) {
      return 1;
    }
    return Math.min(1, remainingEpochs / epochsPerSlot);
  }

  private double share(dl2.model.JobType type, TaskStep step) {
    if (step.task() == null) {
      return cluster.spec().dominantShare(type, step.workers(), step.parameterServers());
    }
    return shares[type.ordinal()][step.task() == Task.PS ? 1 : step.task() == Task.WORKER ? 0 : 2];
  }

  /**
   * Σ over the training jobs already on {@code node} of their change in speed, as a saved fraction
   * (negative).
   */
  private double victims(JobView job, TaskStep step, int node) {
    double sum = 0;
    for (int k = 0; k < occupancy.jobsOn(node); k++) {
      JobView other = occupancy.jobOn(node, k);
      int index = JobOrder.indexOfId(jobs, other.id());
      if (other.id() == job.id() || rate[index] <= 0) {
        continue;
      }
      double after = speed(other, job, step, node);
      if (config.completionRate()) {
        double remaining = remainingEpochs.of(other);
        sum += remaining <= 0 ? 0 : (after - rate[index]) / remaining;
      } else {
        double change =
            config.victimsAtOldSpeed() ? after / rate[index] - 1 : 1 - rate[index] / after;
        sum +=
            config.lastSlot()
                ? change * lastSlotFactor(remainingEpochs.of(other), rate[index])
                : change;
      }
    }
    return sum;
  }

  /** The job's speed with its tasks plus {@code task} on one node and no one else there. */
  private double ideal(JobView job, TaskStep step) {
    int w = job.workers() + step.workers();
    int p = job.parameterServers() + step.parameterServers();
    int[][] none = new int[1][dl2.model.JobType.values().length];
    return speed(job, new PlacementProbe(new int[] {w}, new int[] {p}, none));
  }

  double speed(JobView job, JobView adder, TaskStep step, int node) {
    JobView by = adder == null ? job : adder;
    return speed(
        job,
        step == null
            ? PlacementProbe.of(occupancy, job, by, null, node)
            : step.task() != null
                ? PlacementProbe.of(occupancy, job, by, step.task(), node)
                : PlacementProbe.of(
                    occupancy, job, by, step.workers(), step.parameterServers(), node));
  }

  private double speed(JobView job, PlacementProbe probe) {
    return speeds.epochsPerSlot(slot, job, probe);
  }

  /**
   * Pollux's rule: after the task, no node of the job holds another job that spans several nodes,
   * if this one does.
   */
  private boolean polluxAllows(JobView job, int node) {
    boolean newNode = occupancy.indexOn(node, job) < 0;
    int spans = occupancy.nodesOf(job) + (newNode ? 1 : 0);
    if (spans <= 1) {
      return true;
    }
    for (int k = 0; k <= occupancy.nodesOf(job); k++) {
      int n = k < occupancy.nodesOf(job) ? occupancy.nodeOf(job, k) : node;
      for (int o = 0; o < occupancy.jobsOn(n); o++) {
        JobView other = occupancy.jobOn(n, o);
        if (other.id() != job.id() && occupancy.nodesOf(other) > 1) {
          return false;
        }
      }
    }
    return true;
  }
}
