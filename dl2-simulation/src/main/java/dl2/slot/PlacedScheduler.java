package dl2.slot;

/**
 * A scheduler whose tasks go where a {@link Placement} says: each slot it tells the placement
 * the slot has started, runs the scheduler on a {@link PlacedSlot}, and shows the placement where
 * every task went. Named {@code SCHEDULER@PLACEMENT}, e.g. {@code optimus-fitted@fewest-nodes}.
 * Both parts must be fresh for each run.
 */
public final class PlacedScheduler implements Scheduler {
  /** Between a scheduler's name and its placement's. */
  public static final String SEPARATOR = "@";

  private final Scheduler scheduler;
  private final Placement placement;

  public PlacedScheduler(Scheduler scheduler, Placement placement) {
    this.scheduler = scheduler;
    this.placement = placement;
  }

  @Override
  public String name() {
    return scheduler.name() + SEPARATOR + placement.name();
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
