package dl2.schedulers;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import java.util.function.Function;

/**
 * The Optimus family's marginal-gain fill (dl2-spec §6.5), written once: take the best offer; stop
 * at one worth nothing (value ≤ 0) or at one whose task does not fit; pass over one whose job
 * cannot take the offered role (the job leaves for the rest of the slot, even if the other role has
 * room); otherwise place the task and put the job back at its next offer, or drop it when it has
 * none. Each scheduler keeps its own valuation and its own total order of offers (ties by job id),
 * so the queue pops the same offers in the same order whatever its inner layout.
 */
final class GreedyFill {
  /** A task that one job may take next, and what placing it is worth. */
  interface Offer {
    double value();

    Task role();

    JobView job();
  }

  private GreedyFill() {}

  /**
   * Fills {@code slot} from {@code offers}, each job's next offer made by {@code next} from the
   * offer just placed (null: the job has none).
   */
  static <E extends Offer> void fill(
      SlotContext slot, PresortedQueue<E> offers, Function<? super E, ? extends E> next) {
    while (!offers.isEmpty()) {
      E head = offers.poll();
      if (head.value() <= 0) {
        return;
      }
      JobView job = head.job();
      if (!job.canTake(head.role())) {
        continue;
      }
      if (!slot.tryAdd(job, head.role())) {
        return;
      }
      E following = next.apply(head);
      if (following != null) {
        offers.add(following);
      }
    }
  }
}
