package dl2.slot;

import java.util.Comparator;
import java.util.List;

/**
 * The orders in which baselines walk the outstanding jobs; ties end at the job id, which is unique.
 */
public final class JobOrder {
  /** (arrival slot, id): FIFO's order, and DRF's among jobs of equal share. */
  public static final Comparator<JobView> BY_ARRIVAL =
      Comparator.comparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id);

  /**
   * (remaining fraction ρ, arrival slot, id): SRTF's order. ρ does not change while a slot is
   * scheduled.
   */
  public static final Comparator<JobView> BY_REMAINING_FRACTION =
      Comparator.comparingDouble(JobView::remainingFraction).thenComparing(BY_ARRIVAL);

  private JobOrder() {}

  /**
   * The index of job {@code id} in {@code jobsById} (ascending id, as {@link SlotContext#jobs()}),
   * or -1: a binary search.
   */
  public static int indexOfId(List<? extends JobView> jobsById, int id) {
    int low = 0;
    int high = jobsById.size() - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int midId = jobsById.get(mid).id();
      if (midId < id) {
        low = mid + 1;
      } else if (midId > id) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }
}
