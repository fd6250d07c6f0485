package dl2.slot;

import dl2.model.Task;

/**
 * A placement as it answers on a scratch copy of a slot ({@link TwinSlot}): where one more task
 * goes, and nothing else. The copy's start and end are not the slot's, so they are not shown to the
 * placement, which sees the real slot start and end once, through the {@link PlacedScheduler}
 * around it ({@link StableScheduler}).
 */
final class ScratchPlacement implements Placement {
  private final Placement placement;

  ScratchPlacement(Placement placement) {
    this.placement = placement;
  }

  @Override
  public String name() {
    return placement.name();
  }

  @Override
  public int nodeFor(JobView job, Task task, PlacementView view) {
    return placement.nodeFor(job, task, view);
  }
}
