package dl2.kubernetes.controller;

import dl2.simulation.ClusterSlot;
import dl2.simulation.ClusterState;
import dl2.simulation.JobView;
import dl2.simulation.SlotContext;
import dl2.simulation.TaskPlacement;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * What the controller's slot adds to the shared {@link ClusterSlot}: its jobs are the
 * {@link LiveJob}s observed for this reconciliation (placed on nodes indexed in name order), and
 * dry runs answer from the speed model times the job's observed speed factor.
 */
final class LiveSlot implements ClusterSlot.Host {
  private final SpeedModel speed;
  private final int slotSeconds;
  private List<JobView> jobs = List.of();

  LiveSlot(SpeedModel speed, int slotSeconds) {
    this.speed = speed;
    this.slotSeconds = slotSeconds;
  }

  /** The scheduler's context over {@code jobs} (ascending id), which must have been made for this slot. */
  SlotContext context(int slot, int taskCap, List<LiveJob> liveJobs, ClusterState cluster) {
    this.jobs = List.copyOf(liveJobs);
    return new ClusterSlot(this, slot, taskCap, cluster);
  }

  @Override
  public List<JobView> jobs() {
    return jobs;
  }

  @Override
  public boolean isOpen(int slot) {
    return true; // a reconciliation schedules once, then applies
  }

  @Override
  public TaskPlacement placementOf(JobView job) {
    return job instanceof LiveJob live && live.slot() == this ? live.placement() : null;
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    if (!(job instanceof LiveJob live) || live.slot() != this) {
      throw new IllegalArgumentException(job + " is not an outstanding job of this slot");
    }
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    return live.speedFactor() * speed.epochsPerSlot(job.type(), numPs, numWorkers, slotSeconds);
  }
}
