package dl2.schedulers;

import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Comparator;

/**
 * Shortest remaining time first (dl2-spec §6.3): as FIFO, but ordered by the remaining
 * fraction ρ = 1 − P/E (not remaining epochs), then arrival, then id.
 */
public final class Srtf implements Scheduler {
  private static final Comparator<JobView> ORDER = Comparator.comparingDouble(JobView::remainingFraction)
      .thenComparingInt(JobView::arrivalSlot)
      .thenComparingInt(JobView::id);

  @Override
  public String name() {
    return "srtf";
  }

  @Override
  public void schedule(SlotContext slot) {
    BundleQueue.fillInOrder(slot, ORDER);
  }
}
