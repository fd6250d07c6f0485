package dl2.schedulers;

import dl2.slot.Scheduler;
import dl2.slot.SlotContext;

/**
 * Shortest remaining time first (dl2-spec §6.3): as FIFO, but ordered by the remaining fraction ρ =
 * 1 − P/E (not remaining epochs), then arrival, then id.
 */
public final class Srtf implements Scheduler {
  @Override
  public String name() {
    return "srtf";
  }

  @Override
  public void schedule(SlotContext slot) {
    BundleQueue.fillInOrder(slot, slot.jobsByRemainingFraction());
  }
}
