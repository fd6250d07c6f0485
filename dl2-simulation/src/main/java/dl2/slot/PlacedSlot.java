package dl2.slot;

import dl2.model.Task;
import java.util.Optional;

/**
 * A {@link SlotContext} whose {@link #tryAdd} puts each task where a {@link Placement} says,
 * through the wrapped context's {@link #tryAddOn} (so that the slot's capacity and cap checks
 * decide, as ever). It keeps the slot's {@link NodeOccupancy} from every task that goes through it,
 * by either method; everything else is the wrapped context's. Jobs already holding tasks when it is
 * made (none in the simulator or the controller, whose slots start from zero) are recorded where
 * they are if they say so ({@link PlacedJob}).
 */
public final class PlacedSlot extends ForwardingSlot {
  private final Placement placement;
  private final NodeOccupancy occupancy;

  public PlacedSlot(SlotContext slot, Placement placement) {
    super(slot);
    this.placement = placement;
    this.occupancy = new NodeOccupancy(slot.cluster());
    for (JobView job : slot.jobsWithTasks()) {
      if (job instanceof PlacedJob placed) {
        for (int i = 0; i < placed.workers(); i++) {
          occupancy.record(job, Task.WORKER, placed.workerNode(i));
        }
        for (int i = 0; i < placed.parameterServers(); i++) {
          occupancy.record(job, Task.PS, placed.psNode(i));
        }
      }
    }
  }

  /** Where this slot's tasks are so far. */
  public PlacementView occupancy() {
    return occupancy;
  }

  @Override
  public Optional<PlacementView> placementView() {
    return Optional.of(occupancy);
  }

  @Override
  public boolean tryAdd(JobView job, Task task) {
    int node = placement.nodeFor(job, task, occupancy);
    return node != Placement.NOWHERE && tryAddOn(node, job, task);
  }

  @Override
  public boolean tryAddOn(int node, JobView job, Task task) {
    if (!slot.tryAddOn(node, job, task)) {
      return false;
    }
    occupancy.record(job, task, node);
    return true;
  }

  @Override
  public double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
    return slot.dryRunPlacedEpochsPerSlot(job, probe);
  }
}
