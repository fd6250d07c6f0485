package dl2.schedulers;

import dl2.slot.Scheduler;
import dl2.slot.SlotContext;

/** First in, first out (dl2-spec §6.2): jobs in (arrival, id) order each fill up to the cap. */
public final class Fifo implements Scheduler {
  @Override
  public String name() {
    return "fifo";
  }

  @Override
  public void schedule(SlotContext slot) {
    BundleQueue.fillInOrder(slot, slot.jobsByArrival());
  }
}
