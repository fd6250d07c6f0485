package dl2.schedulers;

import dl2.model.Task;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Dominant Resource Fairness (dl2-spec §6.1): repeatedly give one bundle to the job with the
 * smallest dominant share, ties by (arrival, id), until it reaches its cap; the first failed
 * placement ends the slot.
 */
public final class Drf implements Scheduler {
  private record Entry(double dominantShare, JobView job) {}

  private static final Comparator<Entry> ORDER = Comparator.comparingDouble(Entry::dominantShare)
      .thenComparingInt(e -> e.job().arrivalSlot())
      .thenComparingInt(e -> e.job().id());

  @Override
  public String name() {
    return "drf";
  }

  @Override
  public void schedule(SlotContext slot) {
    PriorityQueue<Entry> queue = new PriorityQueue<>(ORDER);
    for (JobView job : slot.jobs()) {
      queue.add(new Entry(0, job));
    }
    while (!queue.isEmpty()) {
      JobView job = queue.poll().job();
      if (!slot.tryAdd(job, Task.BUNDLE)) {
        return;
      }
      if (job.canTake(Task.BUNDLE)) {
        queue.add(new Entry(job.dominantShare(), job));
      }
    }
  }
}
