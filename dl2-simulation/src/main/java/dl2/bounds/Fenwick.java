package dl2.bounds;

/**
 * Work and cost of segments kept by their rank in cost-per-epoch order (a Fenwick tree of sums), so
 * that the cheapest y epochs of those added so far cost O(log n) to price.
 */
final class Fenwick {
  private final double[] work;
  private final double[] cost;
  private final int size;
  private double totalWork;

  Fenwick(int size) {
    this.size = size;
    this.work = new double[size + 1];
    this.cost = new double[size + 1];
  }

  void add(int rank, double segmentWork, double segmentCost) {
    totalWork += segmentWork;
    for (int i = rank + 1; i <= size; i += i & -i) {
      work[i] += segmentWork;
      cost[i] += segmentCost;
    }
  }

  double totalWork() {
    return totalWork;
  }

  /** The work of the segments ranked below {@code rank}. */
  double workBelow(int rank) {
    double sum = 0;
    for (int i = rank; i > 0; i -= i & -i) {
      sum += work[i];
    }
    return sum;
  }

  /**
   * The cost of the cheapest {@code y} ≤ total epochs, {@code sortedUnit} being the cost per epoch
   * of each rank.
   */
  double cheapestCost(double y, double[] sortedUnit) {
    if (y <= 0) {
      return 0;
    }
    int pos = 0; // the longest prefix of ranks whose work stays below y
    double below = 0;
    double costBelow = 0;
    for (int step = Integer.highestOneBit(Math.max(1, size)); step > 0; step >>= 1) {
      int next = pos + step;
      if (next <= size && below + work[next] < y) {
        pos = next;
        below += work[next];
        costBelow += cost[next];
      }
    }
    if (pos >= size) { // y is the whole total, up to rounding
      return costBelow;
    }
    return costBelow + (y - below) * sortedUnit[pos];
  }
}
