package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.Rng;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A plain experience replay (dl2-spec §7.9): a ring buffer that overwrites its oldest sample,
 * sampled uniformly without replacement.
 */
public final class FifoReplay<T> {
  private final Object[] items;
  private int next;
  private int size;

  public FifoReplay(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("replay capacity must be at least 1: " + capacity);
    }
    items = new Object[capacity];
  }

  public void add(T item) {
    items[next] = item;
    next = (next + 1) % items.length;
    size = Math.min(size + 1, items.length);
  }

  public int size() {
    return size;
  }

  public int capacity() {
    return items.length;
  }

  public boolean isFull() {
    return size == items.length;
  }

  /** {@code count} distinct samples chosen uniformly (partial Fisher–Yates over slot indices). */
  public List<T> sample(int count, Rng rng) {
    int[] slots = sampleSlots(count, rng);
    List<T> batch = new ArrayList<>(count);
    for (int slot : slots) {
      batch.add(get(slot));
    }
    return batch;
  }

  /** The storage slots {@link #sample} would return the items of, for the same RNG state. */
  public int[] sampleSlots(int count, Rng rng) {
    if (count > size) {
      throw new IllegalArgumentException(
          "cannot sample " + count + " of " + size + " stored samples");
    }
    int[] index = new int[size];
    for (int i = 0; i < size; i++) {
      index[i] = i;
    }
    for (int i = 0; i < count; i++) {
      int j = i + rng.nextInt(size - i);
      int t = index[i];
      index[i] = index[j];
      index[j] = t;
    }
    return Arrays.copyOf(index, count);
  }

  /** The item in storage slot {@code slot} (0 ≤ slot &lt; size). */
  @SuppressWarnings("unchecked")
  public T get(int slot) {
    if (slot < 0 || slot >= size) {
      throw new IndexOutOfBoundsException("slot " + slot + " of " + size + " stored samples");
    }
    return (T) items[slot];
  }

  /**
   * Saves the buffer: capacity, write position, size, then the stored items in slot order, each
   * written by {@code items}.
   */
  public void writeState(StateWriter out, BiConsumer<StateWriter, T> items) {
    out.tag("fifo-replay");
    out.writeInt(this.items.length);
    out.writeInt(next);
    out.writeInt(size);
    for (int slot = 0; slot < size; slot++) {
      items.accept(out, get(slot));
    }
  }

  /**
   * Replaces this buffer's contents with what {@link #writeState} saved from a buffer of the same
   * capacity; {@code items} reads one item. A capacity mismatch or inconsistent positions are an
   * {@link dl2.io.InputException}.
   */
  public void readState(StateReader in, Function<StateReader, T> items) {
    in.expect("fifo-replay");
    int capacity = in.readInt();
    if (capacity != this.items.length) {
      throw in.corrupt(
          "replay capacity " + capacity + " does not match the configured " + this.items.length);
    }
    int savedNext = in.readCount(capacity - 1);
    int savedSize = in.readCount(capacity);
    if (savedSize < capacity && savedNext != savedSize) {
      throw in.corrupt(
          "replay write position " + savedNext + " with " + savedSize + " stored samples");
    }
    Object[] restored = new Object[capacity];
    for (int slot = 0; slot < savedSize; slot++) {
      restored[slot] = items.apply(in);
      if (restored[slot] == null) {
        throw in.corrupt("missing replay item in slot " + slot);
      }
    }
    System.arraycopy(restored, 0, this.items, 0, capacity);
    next = savedNext;
    size = savedSize;
  }
}
