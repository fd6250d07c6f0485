package dl2.learning.replay;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import java.util.Arrays;

/**
 * A sum tree over a fixed number of leaves written circularly, oldest out (dl2-spec §7.9). Each
 * inner node holds the sum and the minimum of its subtree, so the total, the minimum stored
 * priority, an update and {@link #find} all cost O(log n).
 *
 * <p>The leaves are padded with empty ones to a power of two, so a descent visits them in index
 * order and {@code find(v)} is the first leaf whose prefix sum reaches {@code v}. A parent is
 * always recomputed as left + right rather than adjusted by a delta, so sums never drift: the tree
 * is a pure function of its leaf values.
 */
public final class SumTree {
  private final int capacity;
  private final int width;
  private final double[] sums;
  private final double[] mins;
  private int next;
  private int size;

  public SumTree(int capacity) {
    if (capacity < 1 || capacity > (1 << 29)) {
      throw new IllegalArgumentException("sum-tree capacity must be in [1, 2^29]: " + capacity);
    }
    this.capacity = capacity;
    this.width =
        Integer.highestOneBit(capacity) == capacity
            ? capacity
            : Integer.highestOneBit(capacity) << 1;
    this.sums = new double[2 * width];
    this.mins = new double[2 * width];
    Arrays.fill(mins, Double.POSITIVE_INFINITY);
  }

  /**
   * Writes {@code priority} into the next leaf, overwriting the oldest when full; returns that
   * leaf.
   */
  public int add(double priority) {
    int leaf = next;
    size = Math.max(size, leaf + 1);
    set(leaf, priority);
    next = (next + 1) % capacity;
    return leaf;
  }

  /** Sets the priority of a stored leaf (0 ≤ leaf &lt; size). */
  public void set(int leaf, double priority) {
    if (leaf < 0 || leaf >= size) {
      throw new IndexOutOfBoundsException("leaf " + leaf + " of " + size + " stored leaves");
    }
    if (!(priority >= 0) || Double.isInfinite(priority)) {
      throw new IllegalArgumentException("priority must be finite and non-negative: " + priority);
    }
    int node = width + leaf;
    sums[node] = priority;
    mins[node] = priority;
    for (node >>= 1; node >= 1; node >>= 1) {
      sums[node] = sums[2 * node] + sums[2 * node + 1];
      mins[node] = Math.min(mins[2 * node], mins[2 * node + 1]);
    }
  }

  /** The priority of a leaf (0 for one never written). */
  public double priority(int leaf) {
    if (leaf < 0 || leaf >= capacity) {
      throw new IndexOutOfBoundsException("leaf " + leaf + " of capacity " + capacity);
    }
    return sums[width + leaf];
  }

  /** The sum of all priorities. */
  public double total() {
    return sums[1];
  }

  /** The smallest priority among the stored leaves. */
  public double min() {
    if (size == 0) {
      throw new IllegalStateException("the sum tree is empty");
    }
    return mins[1];
  }

  /**
   * The leaf whose prefix interval holds {@code v}: descend, going left if v ≤ left-sum, else
   * subtracting the left-sum and going right (dl2-spec §7.9). A subtree of sum 0 is never entered,
   * so the result always has a positive priority: a {@code v} beyond the total (floating-point
   * drift in the caller's segment arithmetic) lands on the last non-empty leaf, and v ≤ 0 on the
   * first.
   */
  public int find(double v) {
    if (!(total() > 0)) {
      throw new IllegalStateException("cannot search a sum tree whose total is " + total());
    }
    int node = 1;
    while (node < width) {
      double left = sums[2 * node];
      boolean goLeft = sums[2 * node + 1] == 0 || (v <= left && left > 0);
      if (goLeft) {
        node = 2 * node;
      } else {
        v -= left;
        node = 2 * node + 1;
      }
    }
    return node - width;
  }

  public int capacity() {
    return capacity;
  }

  /** Leaves written so far, at most the capacity. */
  public int size() {
    return size;
  }

  public boolean isFull() {
    return size == capacity;
  }

  /**
   * Saves the capacity, write position, size and the stored leaf priorities. The inner nodes are
   * not saved: the tree is a pure function of its leaves, so {@link #readState} rebuilds them bit
   * for bit.
   */
  public void writeState(StateWriter out) {
    out.tag("sum-tree");
    out.writeInt(capacity);
    out.writeInt(next);
    out.writeInt(size);
    out.writeDoubles(Arrays.copyOfRange(sums, width, width + size));
  }

  /** Replaces this tree with what {@link #writeState} saved from a tree of the same capacity. */
  public void readState(StateReader in) {
    in.expect("sum-tree");
    int savedCapacity = in.readInt();
    if (savedCapacity != capacity) {
      throw in.corrupt(
          "sum-tree capacity " + savedCapacity + " does not match the configured " + capacity);
    }
    int savedNext = in.readCount(capacity - 1);
    int savedSize = in.readCount(capacity);
    if (savedSize < capacity && savedNext != savedSize) {
      throw in.corrupt(
          "sum-tree write position " + savedNext + " with " + savedSize + " stored leaves");
    }
    double[] leaves = in.readDoubles();
    if (leaves == null || leaves.length != savedSize) {
      throw in.corrupt(
          "sum tree with "
              + savedSize
              + " stored leaves has "
              + (leaves == null ? "no" : String.valueOf(leaves.length))
              + " priorities");
    }
    for (double p : leaves) {
      if (!(p >= 0) || Double.isInfinite(p)) {
        throw in.corrupt("bad stored priority " + p);
      }
    }
    Arrays.fill(sums, 0.0);
    Arrays.fill(mins, Double.POSITIVE_INFINITY);
    next = savedNext;
    size = savedSize;
    for (int leaf = 0; leaf < savedSize; leaf++) {
      set(leaf, leaves[leaf]);
    }
  }
}
