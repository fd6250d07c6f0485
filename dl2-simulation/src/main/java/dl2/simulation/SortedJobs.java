package dl2.simulation;

import dl2.slot.JobView;
import dl2.slot.SlotJob;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.RandomAccess;

/**
 * Jobs sorted by one order in a plain array, read as an unmodifiable list. Inserting at the end and
 * removing a batch move only references (one {@code arraycopy} per gap), never look at the jobs
 * left in place, so a slot's bookkeeping does not walk every outstanding job.
 */
final class SortedJobs extends AbstractList<JobView> implements RandomAccess {
  private final Comparator<? super SlotJob> order;
  private SlotJob[] items = new SlotJob[16];
  private int size;

  SortedJobs(Comparator<? super SlotJob> order) {
    this.order = order;
  }

  @Override
  public SlotJob get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("index " + index + " of " + size + " jobs");
    }
    return items[index];
  }

  @Override
  public int size() {
    return size;
  }

  /**
   * The jobs in order, copied in one go rather than read one by one as the inherited method does.
   */
  @Override
  public Object[] toArray() {
    return Arrays.copyOf(items, size, Object[].class);
  }

  /** Inserts {@code job} in order; O(1) when it sorts last, as arrivals normally do. */
  void insert(SlotJob job) {
    if (size == items.length) {
      items = Arrays.copyOf(items, size * 2);
    }
    int at = size == 0 || order.compare(items[size - 1], job) < 0 ? size : -find(job) - 1;
    System.arraycopy(items, at, items, at + 1, size - at);
    items[at] = job;
    size++;
  }

  /** Removes every job of {@code gone}; each must be present. */
  void removeAll(List<SlotJob> gone) {
    if (gone.isEmpty()) {
      return;
    }
    int[] positions = new int[gone.size()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = find(gone.get(i));
      if (positions[i] < 0) {
        throw new IllegalStateException(gone.get(i) + " is not in the list");
      }
    }
    Arrays.sort(positions);
    int to = positions[0];
    for (int i = 0; i < positions.length; i++) {
      int from = positions[i] + 1;
      int end = i + 1 < positions.length ? positions[i + 1] : size;
      System.arraycopy(items, from, items, to, end - from);
      to += end - from;
    }
    Arrays.fill(items, to, size, null);
    size = to;
  }

  /** The index of {@code job}, or -(insertion point) - 1 if absent. */
  private int find(SlotJob job) {
    return Arrays.binarySearch(items, 0, size, job, order);
  }
}
