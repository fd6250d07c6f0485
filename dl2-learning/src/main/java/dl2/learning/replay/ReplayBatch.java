package dl2.learning.replay;

import java.util.Arrays;
import java.util.List;

/**
 * One sampled mini-batch (dl2-spec §7.9): the items, their importance-sampling weights ω (all 1 for
 * plain replay) and the storage indices to hand back with the TD errors. Position b of each refers
 * to the same sample; with prioritised replay an index may repeat.
 */
public record ReplayBatch<T>(List<T> items, double[] weights, int[] indices) {

  public ReplayBatch {
    items = List.copyOf(items);
    weights = weights.clone();
    indices = indices.clone();
    if (weights.length != items.size() || indices.length != items.size()) {
      throw new IllegalArgumentException(
          "batch of "
              + items.size()
              + " items has "
              + weights.length
              + " weights and "
              + indices.length
              + " indices");
    }
  }

  public int size() {
    return items.size();
  }

  public T item(int b) {
    return items.get(b);
  }

  public double weight(int b) {
    return weights[b];
  }

  public int index(int b) {
    return indices[b];
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  @Override
  public int[] indices() {
    return indices.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReplayBatch<?> other
        && items.equals(other.items)
        && Arrays.equals(weights, other.weights)
        && Arrays.equals(indices, other.indices);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * items.hashCode() + Arrays.hashCode(weights)) + Arrays.hashCode(indices);
  }

  @Override
  public String toString() {
    return "ReplayBatch[items="
        + items
        + ", weights="
        + Arrays.toString(weights)
        + ", indices="
        + Arrays.toString(indices)
        + "]";
  }
}
