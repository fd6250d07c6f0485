package dl2.schedulers;

import java.util.Comparator;
import java.util.Iterator;
import java.util.PriorityQueue;

/**
 * A priority queue whose initial entries arrive as a lazily read sequence already in queue order
 * (e.g. every outstanding job at DRF share 0, in arrival order). Each poll takes the smaller of
 * the sequence's next entry and the heap of entries added since, so it returns exactly what one
 * {@link PriorityQueue} holding all of them would, while reading only as much of the sequence as
 * is polled. Entries must be totally ordered (ties broken by job id).
 */
final class PresortedQueue<E> {
  private final Comparator<? super E> order;
  private final Iterator<E> initial;
  private final PriorityQueue<E> added;
  private E nextInitial;

  /** {@code initial} must be sorted by {@code order}. */
  PresortedQueue(Comparator<? super E> order, Iterator<E> initial) {
    this.order = order;
    this.initial = initial;
    this.added = new PriorityQueue<>(order);
    this.nextInitial = initial.hasNext() ? initial.next() : null;
  }

  void add(E entry) {
    added.add(entry);
  }

  boolean isEmpty() {
    return nextInitial == null && added.isEmpty();
  }

  /** The least entry, removed; null when empty. */
  E poll() {
    if (nextInitial != null && (added.isEmpty() || order.compare(nextInitial, added.peek()) <= 0)) {
      E head = nextInitial;
      nextInitial = initial.hasNext() ? initial.next() : null;
      return head;
    }
    return added.poll();
  }
}
