package dl2.kubernetes;

import dl2.model.Task;
import dl2.simulation.ClusterState;
import dl2.simulation.ClusterView;
import dl2.simulation.JobView;
import dl2.simulation.SlotContext;
import dl2.speed.SpeedModel;
import java.util.List;

/**
 * The controller's {@link SlotContext} over observed cluster state: the simulator's least-loaded
 * placement ({@link ClusterState}) on nodes indexed in name order, the controller's cap C and each
 * job's own caps; dry runs answer from the speed model, times the job's observed speed factor.
 */
final class LiveSlot implements SlotContext {
  private final int slot;
  private final int taskCap;
  private final List<JobView> jobs;
  private final ClusterState cluster;
  private final SpeedModel speed;
  private final int slotSeconds;

  LiveSlot(int slot, int taskCap, List<LiveJob> jobs, ClusterState cluster, SpeedModel speed, int slotSeconds) {
    this.slot = slot;
    this.taskCap = taskCap;
    this.jobs = List.copyOf(jobs);
    this.cluster = cluster;
    this.speed = speed;
    this.slotSeconds = slotSeconds;
  }

  @Override
  public int slot() {
    return slot;
  }

  @Override
  public int taskCap() {
    return taskCap;
  }

  @Override
  public List<JobView> jobs() {
    return jobs;
  }

  @Override
  public ClusterView cluster() {
    return cluster;
  }

  @Override
  public boolean tryAdd(JobView job, Task task) {
    return tryAddOn(cluster.leastLoadedNode(), job, task);
  }

  @Override
  public boolean tryAddOn(int node, JobView job, Task task) {
    LiveJob live = own(job);
    if (live.workers() + task.workers() > taskCap || live.parameterServers() + task.parameterServers() > taskCap
        || !live.withinOwnCaps(task)) {
      return false;
    }
    if (!cluster.allocateIfFits(node, live.type().demand(task))) {
      return false;
    }
    live.add(task, node);
    return true;
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    return own(job).speedFactor() * speed.epochsPerSlot(job.type(), numPs, numWorkers, slotSeconds);
  }

  private LiveJob own(JobView job) {
    if (job instanceof LiveJob live && jobs.contains(live)) {
      return live;
    }
    throw new IllegalArgumentException(job + " is not an outstanding job of this slot");
  }
}
