package dl2.report;

import dl2.bounds.CapacityBound;
import java.util.List;

/**
 * The lower bounds compare reports, per trace, on average JCT in slots: the no-contention bound
 * (each job alone at its best configuration; in the realistic world a reference that placement and
 * fluctuation can beat) and the capacity bound (the largest of the isolated total, SRPT's total
 * flow time with the cluster's cores, or its GPUs, as one preemptive machine, and the priced
 * bound), with its four parts.
 *
 * @param noContention the no-contention bound per trace
 * @param capacity the capacity bound's parts per trace
 */
public record LowerBounds(List<Double> noContention, List<CapacityBound.Totals> capacity) {
  public LowerBounds {
    noContention = List.copyOf(noContention);
    capacity = List.copyOf(capacity);
    if (noContention.size() != capacity.size()) {
      throw new IllegalArgumentException(
          noContention.size()
              + " no-contention bounds for "
              + capacity.size()
              + " capacity bounds");
    }
  }

  /** No bounds (a report of results read back from a file). */
  public static final LowerBounds NONE = new LowerBounds(List.of(), List.of());

  public boolean isEmpty() {
    return noContention.isEmpty();
  }

  /** The capacity bound on each trace's average JCT. */
  public List<Double> capacityAverages() {
    return capacity.stream().map(CapacityBound.Totals::averageJct).toList();
  }

  public double meanNoContention() {
    return mean(noContention);
  }

  public double meanCapacity() {
    return mean(capacityAverages());
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }
}
