package dl2.bounds;

import java.util.Arrays;

/**
 * For one {@link JobFrontier} at one set of prices, the configurations a job may hold in the slot
 * it completes in, per priced slot: there it holds one configuration for the whole slot and pays
 * its full price (its GPUs at their pool's), so only those that no faster configuration matches on
 * price are worth it (a staircase, fastest first). Computed once per slot on first use and shared
 * by every job with that frontier.
 */
final class LastSlots {
  private final JobFrontier frontier;
  private final SlotPrices prices;
  private final int[][] starts; // per slot: null until computed
  private int size;
  int[] config = new int[64]; // the configuration's index in the frontier
  double[] price = new double[64]; // its price for the whole slot
  double[] cores = new double[64]; // its cores, as a fraction of the cluster's
  double[] gpus = new double[64]; // its GPUs, as a fraction of its pool's
  int[] pool = new int[64]; // the pool its GPUs are in

  LastSlots(JobFrontier frontier, SlotPrices prices) {
    this.frontier = frontier;
    this.prices = prices;
    this.starts = new int[prices.slots()][];
  }

  /**
   * The choices of slot {@code t} (below the horizon): indices from {@code [0]} to before {@code
   * [1]}, by falling speed and falling price.
   */
  int[] of(int t) {
    int alike = prices.firstAlike(t);
    if (alike != t) {
      return starts[t] = of(alike); // the same prices give the same choices
    }
    if (starts[t] == null) {
      int from = size;
      SlotPrices.Priced priced = prices.configurations(frontier, t);
      double cheapest = Double.POSITIVE_INFINITY;
      for (int i = frontier.speeds().length - 1; i >= 0; i--) {
        double p = priced.price()[i];
        if (p < cheapest) { // else a configuration at least as fast costs no more
          cheapest = p;
          add(i, p, priced.pool()[i]);
        }
      }
      starts[t] = new int[] {from, size};
    }
    return starts[t];
  }

  private void add(int index, double slotPrice, int gpuPool) {
    if (size == config.length) {
      config = Arrays.copyOf(config, 2 * size);
      price = Arrays.copyOf(price, 2 * size);
      cores = Arrays.copyOf(cores, 2 * size);
      gpus = Arrays.copyOf(gpus, 2 * size);
      pool = Arrays.copyOf(pool, 2 * size);
    }
    config[size] = index;
    price[size] = slotPrice;
    cores[size] = prices.coreShare(frontier.cores()[index]);
    gpus[size] = prices.gpuShare(frontier.gpus()[index], gpuPool);
    pool[size] = gpuPool;
    size++;
  }
}
