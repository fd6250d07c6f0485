package dl2.learning.policy;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;

/**
 * The starvation guard of a policy that starts slots from 0/0 (no {@link StartOfSlotBundle}): after
 * its decisions, if jobs wait and none of them holds both a worker and a PS, the jobs in id order
 * try one bundle until one fits. A slot in which the policy lets some job train is left as it is,
 * so the guard changes nothing where the policy does not starve the cluster; without it, a policy
 * that stops too early on an input unlike its training would stop the run instead.
 */
public final class LastResortBundle {
  private LastResortBundle() {}

  /** Whether the guard acted. */
  public static boolean apply(ObservedSlot slot) {
    for (JobView job : slot.jobs()) {
      if (job.workers() > 0 && job.parameterServers() > 0) {
        return false;
      }
    }
    for (JobView job : slot.jobs()) {
      if (slot.tryAdd(job, Task.BUNDLE)) {
        return true;
      }
    }
    return false;
  }
}
