package dl2.schedulers;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.SlotContext;

/**
 * The shared rule of FIFO and SRTF (dl2-spec §6.2–6.3): jobs in a fixed order each take bundles up
 * to their caps; the first failed placement ends the slot. The context supplies the order, so a
 * slot reads only the jobs it reaches.
 */
final class BundleQueue {
  private BundleQueue() {}

  static void fillInOrder(SlotContext slot, Iterable<JobView> order) {
    for (JobView job : order) {
      while (job.canTake(Task.BUNDLE)) {
        if (!slot.tryAdd(job, Task.BUNDLE)) {
          return;
        }
      }
    }
  }
}
