package dl2.learning.policy;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;

/**
 * The starvation guard (dl2-spec §7.4): before the first decision, every outstanding job in id
 * order, inside the window or not, tries one bundle on the least-loaded node; a job whose bundle
 * does not fit stays at 0/0 and the next job is offered the same node.
 */
public final class StartOfSlotBundle {
  private StartOfSlotBundle() {}

  public static void apply(ObservedSlot slot) {
    for (JobView job : slot.jobs()) {
      slot.tryAdd(job, Task.BUNDLE);
    }
  }
}
