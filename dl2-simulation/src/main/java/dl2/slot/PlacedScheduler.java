package dl2.slot;

import java.util.Optional;

/**
 * A scheduler whose tasks go where a {@link Placement} says: each slot it tells the placement the
 * slot has started, runs the scheduler on a {@link PlacedSlot}, and shows the placement where every
 * task went. Named {@code SCHEDULER@PLACEMENT} ({@link SchedulerName}), e.g. {@code
 * optimus-fitted@fewest-nodes}. Both parts must be fresh for each run.
 */
public final class PlacedScheduler implements Scheduler {
  private final Scheduler scheduler;
  private final Placement placement;

  public PlacedScheduler(Scheduler scheduler, Placement placement) {
    this.scheduler = scheduler;
    this.placement = placement;
  }

  @Override
  public String name() {
    return new SchedulerName(scheduler.name(), Optional.of(placement.name())).toString();
  }

  public Scheduler scheduler() {
    return scheduler;
  }

  public Placement placement() {
    return placement;
  }

  @Override
  public void schedule(SlotContext slot) {
    placement.startSlot(slot);
    PlacedSlot placed = new PlacedSlot(slot, placement);
    scheduler.schedule(placed);
    placement.endSlot(slot, placed.occupancy());
  }
}
