package dl2.schedulers;

import dl2.model.Task;
import dl2.simulation.JobView;
import dl2.simulation.SlotContext;
import java.util.Comparator;

/**
 * The shared rule of FIFO and SRTF (dl2-spec §6.2–6.3): jobs in a fixed order each take bundles
 * up to their caps; the first failed placement ends the slot.
 */
final class BundleQueue {
  private BundleQueue() {}

  static void fillInOrder(SlotContext slot, Comparator<JobView> order) {
    for (JobView job : slot.jobs().stream().sorted(order).toList()) {
      while (job.canTake(Task.BUNDLE)) {
        if (!slot.tryAdd(job, Task.BUNDLE)) {
          return;
        }
      }
    }
  }
}
