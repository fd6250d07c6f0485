package dl2.schedulers;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;

/**
 * A priority queue whose initial entries arrive as a lazily read sequence already in queue order
 * (e.g. every outstanding job at DRF share 0, in arrival order). Each poll takes the smaller of the
 * sequence's next entry and the least of a heap of the entries added since, so it returns exactly
 * what one priority queue holding all of them would, while reading only as much of the sequence as
 * is polled. Entries must be totally ordered (ties broken by job id), so the answers do not depend
 * on the heap's layout.
 *
 * <p>Schedulers poll an entry and then add the same job back at its new priority. The heap takes
 * the new entry into the polled one's place (one sift instead of two), so a poll from the heap only
 * marks its top as taken until the next add or poll.
 */
final class PresortedQueue<E> {
  private final Comparator<? super E> order;
  private final Iterator<E> initial;
  private E nextInitial;
  private Object[] heap = new Object[16];
  private int size;

  /** The heap's top was polled but is still in place, to be overwritten by the next add. */
  private boolean topTaken;

  /** {@code initial} must be sorted by {@code order}. */
  PresortedQueue(Comparator<? super E> order, Iterator<E> initial) {
    this.order = order;
    this.initial = initial;
    this.nextInitial = initial.hasNext() ? initial.next() : null;
  }

  void add(E entry) {
    if (topTaken) {
      topTaken = false;
      siftDown(0, entry);
      return;
    }
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    siftUp(size++, entry);
  }

  boolean isEmpty() {
    return nextInitial == null && size == (topTaken ? 1 : 0);
  }

  /** The least entry, removed; null when empty. */
  E poll() {
    removeTakenTop();
    if (nextInitial != null && (size == 0 || order.compare(nextInitial, top()) <= 0)) {
      E head = nextInitial;
      nextInitial = initial.hasNext() ? initial.next() : null;
      return head;
    }
    if (size == 0) {
      return null;
    }
    topTaken = true;
    return top();
  }

  @SuppressWarnings("unchecked")
  private E top() {
    return (E) heap[0];
  }

  @SuppressWarnings("unchecked")
  private E at(int index) {
    return (E) heap[index];
  }

  private void removeTakenTop() {
    if (topTaken) {
      topTaken = false;
      E last = at(--size);
      heap[size] = null;
      if (size > 0) {
        siftDown(0, last);
      }
    }
  }

  private void siftUp(int index, E entry) {
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      if (order.compare(entry, at(parent)) >= 0) {
        break;
      }
      heap[index] = heap[parent];
      index = parent;
    }
    heap[index] = entry;
  }

  private void siftDown(int index, E entry) {
    int half = size >>> 1;
    while (index < half) {
      int child = 2 * index + 1;
      if (child + 1 < size && order.compare(at(child + 1), at(child)) < 0) {
        child++;
      }
      if (order.compare(entry, at(child)) <= 0) {
        break;
      }
      heap[index] = heap[child];
      index = child;
    }
    heap[index] = entry;
  }
}
