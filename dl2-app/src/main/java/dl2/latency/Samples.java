package dl2.latency;

import java.util.Arrays;

/** A growable list of nanosecond samples. */
final class Samples {
  private long[] values = new long[1024];
  private int size;

  void add(long value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = value;
  }

  int size() {
    return size;
  }

  double quantile(double q) {
    if (size == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    return sorted[Math.min(size - 1, (int) Math.floor(q * size))];
  }
}
