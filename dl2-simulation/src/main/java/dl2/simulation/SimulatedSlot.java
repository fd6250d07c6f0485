package dl2.simulation;

import dl2.model.Task;
import java.util.Collections;
import java.util.List;

/** The simulator's {@link SlotContext}: least-loaded placement and cap checks in one place. */
final class SimulatedSlot implements SlotContext {
  private final Simulator simulator;
  private final int slot;
  private final ClusterState cluster;
  private final OutstandingJobs jobs;

  SimulatedSlot(Simulator simulator, int slot, ClusterState cluster, OutstandingJobs jobs) {
    this.simulator = simulator;
    this.slot = slot;
    this.cluster = cluster;
    this.jobs = jobs;
  }

  @Override
  public int slot() {
    return slot;
  }

  @Override
  public int taskCap() {
    return simulator.config().taskCap();
  }

  @Override
  public List<JobView> jobs() {
    return jobs.byId();
  }

  @Override
  public Iterable<JobView> jobsByArrival() {
    return jobs.byArrival();
  }

  @Override
  public Iterable<JobView> jobsByRemainingFraction() {
    return jobs.byRemainingFraction();
  }

  @Override
  public List<JobView> jobsWithTasks() {
    return Collections.unmodifiableList(jobs.withTasks());
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
    checkOpen();
    JobState state = own(job);
    int cap = taskCap();
    if (state.workers() + task.workers() > cap || state.parameterServers() + task.parameterServers() > cap) {
      return false;
    }
    if (!cluster.allocateIfFits(node, state.type().demand(task))) {
      return false;
    }
    if (!state.running()) {
      jobs.tookFirstTask(state);
    }
    state.add(task, node);
    return true;
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    return simulator.dryRun(job, numPs, numWorkers);
  }

  private void checkOpen() {
    if (!simulator.isOpen(slot)) {
      throw new IllegalStateException("slot " + slot + " is over; its context can no longer place tasks");
    }
  }

  private JobState own(JobView job) {
    if (job instanceof JobState state && state.owner() == simulator && state.outstanding()) {
      return state;
    }
    throw new IllegalArgumentException(job + " is not an outstanding job of this slot");
  }
}
