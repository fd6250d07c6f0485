package example;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;

/**
 * Least attained service, in the spirit of Tiresias: every slot, jobs that have run fewer slots
 * come first. Jobs take one bundle (a worker and a parameter server) at a time, round-robin in that
 * order; a job stops growing at the task cap or when one more bundle would not make it faster
 * (asked of the speed model through a dry run). The first bundle that does not fit ends the slot.
 */
public final class LeastAttainedService implements Scheduler {
  static final String NAME = "las";

  private static final Comparator<JobView> LEAST_SERVED_FIRST = Comparator.comparingInt(JobView::slotsRun)
      .thenComparingInt(JobView::arrivalSlot)
      .thenComparingInt(JobView::id);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void schedule(SlotContext slot) {
    Deque<JobView> queue = new ArrayDeque<>(slot.jobs().stream().sorted(LEAST_SERVED_FIRST).toList());
    while (!queue.isEmpty()) {
      JobView job = queue.poll();
      if (!slot.tryAdd(job, Task.BUNDLE)) {
        return; // the least-loaded node is full: so is every node for this bundle
      }
      if (job.canTake(Task.BUNDLE) && anotherBundleHelps(slot, job)) {
        queue.add(job);
      }
    }
  }

  private static boolean anotherBundleHelps(SlotContext slot, JobView job) {
    int ps = job.parameterServers();
    int workers = job.workers();
    return slot.dryRunEpochsPerSlot(job, ps + 1, workers + 1) > slot.dryRunEpochsPerSlot(job, ps, workers);
  }
}
