package dl2.bounds;

import java.util.Arrays;

/**
 * For one {@link JobFrontier} at one set of prices, each priced slot's cost-of-work curve: the
 * lower convex hull of (speed, price) over the frontier's configurations and holding nothing, as
 * segments in order of rising price per unit of speed; a configuration's GPUs cost its pool's
 * price. Computed once per slot on first use and shared by every job with that frontier; a job
 * scales speed by its slot factor.
 */
final class SlotHulls {
  private final JobFrontier frontier;
  private final SlotPrices prices;
  private final int[][] starts; // per slot: null until computed
  private int size;
  double[] speed = new double[256]; // each segment's gain in speed
  double[] unit = new double[256]; // its price per unit of speed
  double[] cores = new double[256]; // its change in cores, as a fraction of the cluster's
  double[] gpus = new double[256]; // its GPUs gained in pool gpuPool, as a fraction of the pool's
  int[] gpuPool = new int[256];
  double[] gpusLeft = new double[256]; // GPUs given up in pool leftPool, where it is another
  int[] leftPool = new int[256];

  SlotHulls(JobFrontier frontier, SlotPrices prices) {
    this.frontier = frontier;
    this.prices = prices;
    this.starts = new int[prices.slots()][];
  }

  /**
   * The segments of slot {@code t} (below the horizon): indices from {@code [0]} to before {@code
   * [1]}.
   */
  int[] of(int t) {
    int alike = prices.firstAlike(t);
    if (alike != t) {
      return starts[t] = of(alike); // the same prices give the same segments
    }
    if (starts[t] == null) {
      int from = size;
      build(t);
      starts[t] = new int[] {from, size};
    }
    return starts[t];
  }

  private int[]
      priceOrderSlots; // every priced slot's segments by rising price, ties by slot then place:
  // their slots
  private int[] priceOrderPlaces; // and their places within their slot

  /**
   * The segments of all priced slots by rising price per unit of speed, ties by slot, then by place
   * within the slot: {slots, places}. A job whose slot factors are all 1 takes its own order from
   * this (its segments are these, from its arrival on), without sorting.
   */
  int[][] priceOrder() {
    if (priceOrderSlots == null) {
      int total = 0;
      for (int t = 0; t < starts.length; t++) {
        total += of(t)[1] - of(t)[0];
      }
      double[] keys = new double[total];
      int[] slots = new int[total];
      int[] places = new int[total];
      int k = 0;
      for (int t = 0; t < starts.length; t++) {
        int[] range = of(t);
        for (int i = range[0]; i < range[1]; i++) {
          keys[k] = unit[i];
          slots[k] = t;
          places[k] = i - range[0];
          k++;
        }
      }
      int[] order = PricedJob.order(keys, total);
      priceOrderSlots = new int[total];
      priceOrderPlaces = new int[total];
      for (int r = 0; r < total; r++) {
        priceOrderSlots[r] = slots[order[r]];
        priceOrderPlaces[r] = places[order[r]];
      }
    }
    return new int[][] {priceOrderSlots, priceOrderPlaces};
  }

  private void build(int t) {
    double[] speeds = frontier.speeds();
    int m = speeds.length;
    SlotPrices.Priced priced = prices.configurations(frontier, t);
    double[] hx = new double[m + 1];
    double[] hy = new double[m + 1];
    int[] hc = new int[m + 1];
    int[] hg = new int[m + 1];
    int[] hp = new int[m + 1];
    int h = 1; // the hull starts at holding nothing, (0, 0)
    for (int i = 0; i < m; i++) {
      double x = speeds[i];
      int pool = priced.pool()[i];
      double y = priced.price()[i];
      if (hx[h - 1] == x) {
        if (y >= hy[h - 1]) {
          continue;
        }
        h--;
      }
      while (h >= 2
          && (hx[h - 1] - hx[h - 2]) * (y - hy[h - 2]) - (hy[h - 1] - hy[h - 2]) * (x - hx[h - 2])
              <= 0) {
        h--;
      }
      hx[h] = x;
      hy[h] = y;
      hc[h] = frontier.cores()[i];
      hg[h] = frontier.gpus()[i];
      hp[h] = pool;
      h++;
    }
    hp[0] = h > 1 ? hp[1] : 0; // holding nothing, in no pool in particular
    for (int v = 1; v < h; v++) {
      add(
          hx[v] - hx[v - 1],
          (hy[v] - hy[v - 1]) / (hx[v] - hx[v - 1]),
          prices.coreShare(hc[v] - hc[v - 1]));
      int to = hp[v];
      int from = hp[v - 1];
      // A segment between pools moves the job's GPUs from one type to the other.
      gpuPool[size - 1] = to;
      leftPool[size - 1] = from;
      if (to == from) {
        gpus[size - 1] = prices.gpuShare(hg[v] - hg[v - 1], to);
      } else {
        gpus[size - 1] = prices.gpuShare(hg[v], to);
        gpusLeft[size - 1] = prices.gpuShare(hg[v - 1], from);
      }
    }
  }

  private void add(double dSpeed, double price, double dCores) {
    if (size == speed.length) {
      speed = Arrays.copyOf(speed, 2 * size);
      unit = Arrays.copyOf(unit, 2 * size);
      cores = Arrays.copyOf(cores, 2 * size);
      gpus = Arrays.copyOf(gpus, 2 * size);
      gpuPool = Arrays.copyOf(gpuPool, 2 * size);
      gpusLeft = Arrays.copyOf(gpusLeft, 2 * size);
      leftPool = Arrays.copyOf(leftPool, 2 * size);
    }
    speed[size] = dSpeed;
    unit[size] = price;
    cores[size] = dCores;
    size++;
  }
}
