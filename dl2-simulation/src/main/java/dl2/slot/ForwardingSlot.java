package dl2.slot;

import dl2.model.Task;
import java.util.List;
import java.util.Optional;

/**
 * A {@link SlotContext} that hands every call to the context it wraps: the base of decorators that
 * change one thing (where tasks go, what a teacher records) and leave the rest as it is. The placed
 * dry run is not forwarded: a decorator that may pass the world's oracle on says so by overriding
 * {@link #dryRunPlacedEpochsPerSlot}.
 */
public abstract class ForwardingSlot implements SlotContext {
  /** The wrapped context. */
  protected final SlotContext slot;

  protected ForwardingSlot(SlotContext slot) {
    this.slot = slot;
  }

  @Override
  public boolean tryAdd(JobView job, Task task) {
    return slot.tryAdd(job, task);
  }

  @Override
  public boolean tryAddOn(int node, JobView job, Task task) {
    return slot.tryAddOn(node, job, task);
  }

  @Override
  public int slot() {
    return slot.slot();
  }

  @Override
  public int taskCap() {
    return slot.taskCap();
  }

  @Override
  public List<JobView> jobs() {
    return slot.jobs();
  }

  @Override
  public Iterable<JobView> jobsByArrival() {
    return slot.jobsByArrival();
  }

  @Override
  public Iterable<JobView> jobsByRemainingFraction() {
    return slot.jobsByRemainingFraction();
  }

  @Override
  public List<JobView> jobsWithTasks() {
    return slot.jobsWithTasks();
  }

  @Override
  public ClusterView cluster() {
    return slot.cluster();
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    return slot.dryRunEpochsPerSlot(job, numPs, numWorkers);
  }

  @Override
  public Optional<PlacementView> placementView() {
    return slot.placementView();
  }
}
