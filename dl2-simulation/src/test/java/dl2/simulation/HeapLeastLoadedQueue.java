package dl2.simulation;

import dl2.slot.LeastLoadedQueue;

/**
 * The least-loaded queue as first written, kept as the reference of {@link LeastLoadedQueue}: an
 * indexed binary min-heap of nodes keyed by (load, index).
 */
public final class HeapLeastLoadedQueue {
  private final int[] heap;
  private final int[] position;
  private final double[] load;

  public HeapLeastLoadedQueue(int nodes) {
    heap = new int[nodes];
    position = new int[nodes];
    load = new double[nodes];
    reset();
  }

  /** Every node at load 0: the heap is simply 0, 1, 2, … */
  public void reset() {
    for (int i = 0; i < heap.length; i++) {
      heap[i] = i;
      position[i] = i;
      load[i] = 0;
    }
  }

  public int head() {
    return heap[0];
  }

  /** Sets a node's key to its new (never lower) load and restores heap order. */
  public void update(int node, double newLoad) {
    double old = load[node];
    load[node] = newLoad;
    if (newLoad >= old) {
      siftDown(position[node]);
    } else {
      siftUp(position[node]);
    }
  }

  private boolean less(int a, int b) {
    return load[a] < load[b] || (load[a] == load[b] && a < b);
  }

  private void siftDown(int i) {
    int n = heap.length;
    while (true) {
      int left = 2 * i + 1;
      if (left >= n) {
        return;
      }
      int smallest = left;
      if (left + 1 < n && less(heap[left + 1], heap[left])) {
        smallest = left + 1;
      }
      if (!less(heap[smallest], heap[i])) {
        return;
      }
      swap(i, smallest);
      i = smallest;
    }
  }

  private void siftUp(int i) {
    while (i > 0) {
      int parent = (i - 1) / 2;
      if (!less(heap[i], heap[parent])) {
        return;
      }
      swap(i, parent);
      i = parent;
    }
  }

  private void swap(int i, int j) {
    int a = heap[i];
    int b = heap[j];
    heap[i] = b;
    heap[j] = a;
    position[b] = i;
    position[a] = j;
  }
}
