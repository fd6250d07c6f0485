package dl2.schedulers;

import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Comparator;

/** First in, first out (dl2-spec §6.2): jobs in (arrival, id) order each fill up to the cap. */
public final class Fifo implements Scheduler {
  static final Comparator<JobView> ORDER =
      Comparator.comparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id);

  @Override
  public String name() {
    return "fifo";
  }

  @Override
  public void schedule(SlotContext slot) {
    BundleQueue.fillInOrder(slot, ORDER);
  }
}
