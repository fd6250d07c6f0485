package dl2.bounds;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One set of prices of the priced part: per priced slot the price of all cores and of each pool's
 * GPUs. Prices what a {@link JobFrontier}'s configurations cost for one whole slot, the one rule
 * that {@link SlotHulls} (the cost-of-work curve) and {@link LastSlots} (the completing slot's
 * choices) both build on.
 */
final class SlotPrices {
  private final double[] corePrice;
  private final double[][] gpuPrice; // per pool, per slot
  private final int totalCores;
  private final int[] poolGpus;
  private int[] firstAlike; // per slot, the first slot of the same prices: null until asked

  SlotPrices(double[] corePrice, double[][] gpuPrice, int totalCores, int[] poolGpus) {
    this.corePrice = corePrice;
    this.gpuPrice = gpuPrice;
    this.totalCores = totalCores;
    this.poolGpus = poolGpus;
  }

  /** The priced slots: the horizon. */
  int slots() {
    return corePrice.length;
  }

  /**
   * Per configuration of {@code frontier} (in its order), the pool its GPUs come from in slot
   * {@code t} (a configuration that may use any type takes the cheapest pool) and its price for the
   * whole slot.
   */
  Priced configurations(JobFrontier frontier, int t) {
    double coreUnit = corePrice[t] / totalCores;
    double[] gpuUnit = new double[poolGpus.length];
    for (int k = 0; k < gpuUnit.length; k++) {
      gpuUnit[k] = poolGpus[k] > 0 ? gpuPrice[k][t] / poolGpus[k] : 0;
    }
    int cheapest = GpuPools.cheapest(gpuUnit);
    int m = frontier.speeds().length;
    double[] price = new double[m];
    int[] pool = new int[m];
    for (int i = 0; i < m; i++) {
      int k = frontier.pools()[i] == JobFrontier.CHEAPEST_POOL ? cheapest : frontier.pools()[i];
      pool[i] = k;
      price[i] = coreUnit * frontier.cores()[i] + gpuUnit[k] * frontier.gpus()[i];
    }
    return new Priced(price, pool);
  }

  /**
   * The first priced slot whose prices all equal slot {@code t}'s (bit for bit). Such slots price
   * every configuration alike, so what is built from one slot's prices is built once for all of
   * them: past the last contention every price is zero, and the horizon is mostly such slots.
   */
  int firstAlike(int t) {
    if (firstAlike == null) {
      firstAlike = new int[slots()];
      Map<List<Long>, Integer> first = new HashMap<>();
      for (int s = 0; s < firstAlike.length; s++) {
        Long[] key = new Long[1 + gpuPrice.length];
        key[0] = Double.doubleToLongBits(corePrice[s]);
        for (int k = 0; k < gpuPrice.length; k++) {
          key[1 + k] = Double.doubleToLongBits(gpuPrice[k][s]);
        }
        Integer earlier = first.putIfAbsent(List.of(key), s);
        firstAlike[s] = earlier == null ? s : earlier;
      }
    }
    return firstAlike[t];
  }

  /** {@code cores} as a fraction of the cluster's. */
  double coreShare(double cores) {
    return cores / totalCores;
  }

  /** {@code gpus} as a fraction of pool {@code pool}'s (none in an empty pool). */
  double gpuShare(int gpus, int pool) {
    return poolGpus[pool] > 0 ? gpus / (double) poolGpus[pool] : 0;
  }

  /** A frontier's configurations priced for one slot: parallel arrays in the frontier's order. */
  record Priced(double[] price, int[] pool) {}
}
