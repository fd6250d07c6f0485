package dl2.kubernetes.controller;

import dl2.slot.ClusterSlot;
import dl2.slot.ClusterState;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.slot.SlotJob;
import dl2.slot.TaskPlacement;
import dl2.speed.SpeedModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the controller's slot adds to the shared {@link ClusterSlot}: its jobs are the {@link
 * SlotJob}s observed for this reconciliation (placed on nodes indexed in name order), and dry runs
 * answer from the speed model times the job's observed speed factor.
 */
final class LiveSlot implements ClusterSlot.Host {
  private final SpeedModel speed;
  private final int slotSeconds;
  private List<JobView> jobs = List.of();

  /** Observed over modelled speed of each job (see {@link ReportedSpeed}); 1 without estimates. */
  private final Map<Integer, Double> speedFactors = new HashMap<>();

  LiveSlot(SpeedModel speed, int slotSeconds) {
    this.speed = speed;
    this.slotSeconds = slotSeconds;
  }

  /** Dry runs of job {@code jobId} scale the model by {@code factor}. */
  void setSpeedFactor(int jobId, double factor) {
    speedFactors.put(jobId, factor);
  }

  /**
   * The scheduler's context over {@code liveJobs} (ascending id), which must have been made for
   * this slot.
   */
  SlotContext context(int slot, int taskCap, List<SlotJob> liveJobs, ClusterState cluster) {
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
    return job instanceof SlotJob live && live.isOf(this) ? live.placement() : null;
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    if (!(job instanceof SlotJob live) || !live.isOf(this)) {
      throw new IllegalArgumentException(job + " is not an outstanding job of this slot");
    }
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    return speedFactors.getOrDefault(live.id(), 1.0)
        * speed.epochsPerSlot(job.type(), numPs, numWorkers, slotSeconds);
  }
}
