package dl2.slot;

import dl2.model.Task;
import java.util.List;

/**
 * The one {@link SlotContext} of the simulator and the live controller alike: least-loaded
 * placement on a {@link ClusterState} and the job's caps (C, or its own when lower), checked in one
 * place. What differs, whether the slot is still open, which jobs belong to it (and in which orders
 * they are kept), and how dry runs are answered, comes from its {@link Host}.
 */
public final class ClusterSlot implements SlotContext {
  /** The simulator or a live controller, as one slot sees it. */
  public interface Host {
    /** Whether slot {@code slot} still accepts tasks. */
    boolean isOpen(int slot);

    /**
     * Where {@code job}'s tasks go if it is one of this host's outstanding jobs; null if it is not.
     */
    TaskPlacement placementOf(JobView job);

    /** Called when {@code job} receives its first task of the slot. */
    default void tookFirstTask(JobView job) {}

    /** The outstanding jobs, ascending id. */
    List<JobView> jobs();

    /** See {@link SlotContext#jobsByArrival()}; the default sorts {@link #jobs()}. */
    default Iterable<JobView> jobsByArrival() {
      return jobs().stream().sorted(JobOrder.BY_ARRIVAL).toList();
    }

    /** See {@link SlotContext#jobsByRemainingFraction()}; the default sorts {@link #jobs()}. */
    default Iterable<JobView> jobsByRemainingFraction() {
      return jobs().stream().sorted(JobOrder.BY_REMAINING_FRACTION).toList();
    }

    /** See {@link SlotContext#jobsWithTasks()}; the default filters {@link #jobs()}. */
    default List<JobView> jobsWithTasks() {
      return jobs().stream().filter(j -> j.workers() > 0 || j.parameterServers() > 0).toList();
    }

    /** Epochs a full slot would achieve with these counts (dl2-spec §3.3 "dry run"). */
    double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers);

    /**
     * See {@link SlotContext#dryRunPlacedEpochsPerSlot}; the default refuses, as a live cluster
     * does.
     */
    default double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
      return SlotContext.refusePlacedDryRun();
    }
  }

  private final Host host;
  private final int slot;
  private final int taskCap;
  private final ClusterState cluster;

  public ClusterSlot(Host host, int slot, int taskCap, ClusterState cluster) {
    this.host = host;
    this.slot = slot;
    this.taskCap = taskCap;
    this.cluster = cluster;
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
    return host.jobs();
  }

  @Override
  public Iterable<JobView> jobsByArrival() {
    return host.jobsByArrival();
  }

  @Override
  public Iterable<JobView> jobsByRemainingFraction() {
    return host.jobsByRemainingFraction();
  }

  @Override
  public List<JobView> jobsWithTasks() {
    return host.jobsWithTasks();
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
    if (!host.isOpen(slot)) {
      throw new IllegalStateException(
          "slot " + slot + " is over; its context can no longer place tasks");
    }
    TaskPlacement placement = host.placementOf(job);
    if (placement == null) {
      throw new IllegalArgumentException(job + " is not an outstanding job of this slot");
    }
    if (!job.canTake(task) || !cluster.allocateIfFits(node, job.type().demand(task))) {
      return false;
    }
    boolean first = placement.isEmpty();
    placement.add(task, node);
    if (first) {
      host.tookFirstTask(job);
    }
    return true;
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    return host.dryRunEpochsPerSlot(job, numPs, numWorkers);
  }

  @Override
  public double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
    return host.dryRunPlacedEpochsPerSlot(job, probe);
  }
}
