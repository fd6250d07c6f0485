package dl2.schedulers;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Comparator;
import java.util.Iterator;
import java.util.stream.StreamSupport;

/**
 * Dominant Resource Fairness (dl2-spec §6.1): repeatedly give one bundle to the job with the
 * smallest dominant share, ties by (arrival, id), until it reaches its cap; the first failed
 * placement ends the slot.
 */
public final class Drf implements Scheduler {
  /** A queue entry; arrival and id are copied in, as every comparison reads them. */
  private record Entry(double dominantShare, int arrivalSlot, int id, JobView job) {
    Entry(double dominantShare, JobView job) {
      this(dominantShare, job.arrivalSlot(), job.id(), job);
    }
  }

  /** (dominant share, arrival, id), written out: the queue's hot path. */
  private static final Comparator<Entry> ORDER =
      (a, b) -> {
        int byShare = Double.compare(a.dominantShare(), b.dominantShare());
        if (byShare != 0) {
          return byShare;
        }
        int byArrival = Integer.compare(a.arrivalSlot(), b.arrivalSlot());
        return byArrival != 0 ? byArrival : Integer.compare(a.id(), b.id());
      };

  @Override
  public String name() {
    return "drf";
  }

  @Override
  public void schedule(SlotContext slot) {
    // Every job enters at share 0, so the queue starts as the jobs in arrival order, read only as
    // far as served.
    Iterator<Entry> unserved =
        StreamSupport.stream(slot.jobsByArrival().spliterator(), false)
            .map(job -> new Entry(0, job))
            .iterator();
    PresortedQueue<Entry> queue = new PresortedQueue<>(ORDER, unserved);
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
