package dl2.bounds;

import dl2.model.JobSpec;
import dl2.simulation.world.SpeedCeiling;
import java.util.Arrays;

/**
 * One job's part of {@link PricedBound}: the least JCT plus the price of what it holds over every
 * schedule of that job alone, configurations mixed within each slot before the last, and in the
 * last one configuration held, and priced, for the whole slot ({@link LastSlots}); for each
 * completion slot and configuration, a fractional knapsack over the earlier slots' cost-of-work
 * curves (docs/design.md, "Lower bounds on average JCT").
 */
final class PricedJob {
  /** Relative rounding allowed in sums of epochs. */
  private static final double ROUNDING = 1e-9;

  private final JobSpec job;
  private final JobFrontier frontier;
  private final SpeedCeiling ceiling;
  private final int arrival;
  private final double epochs;
  private double[] factors = new double[0]; // slot factors from the arrival on, filled as needed

  PricedJob(JobSpec job, JobFrontier frontier, SpeedCeiling ceiling) {
    this.job = job;
    this.frontier = frontier;
    this.ceiling = ceiling;
    this.arrival = job.arrivalSlot();
    this.epochs = job.realEpochs();
  }

  JobFrontier frontier() {
    return frontier;
  }

  private double factor(int slot) {
    int i = slot - arrival;
    if (i >= factors.length) {
      int old = factors.length;
      factors = Arrays.copyOf(factors, Math.max(16, 2 * (i + 1)));
      for (int k = old; k < factors.length; k++) {
        factors[k] = ceiling.slotFactor(job.id(), arrival + k);
      }
    }
    return factors[i];
  }

  /**
   * The job's least priced cost, with {@code hulls} and {@code lastSlots} its frontier's curves and
   * last-slot choices at the prices of slots below {@code horizon} (none after); its holdings in
   * that schedule are added to {@code coreUse} and {@code gpuUse} (per GPU pool), as fractions of
   * the cluster's cores and of each pool's GPUs.
   */
  double solve(
      SlotHulls hulls, LastSlots lastSlots, int horizon, double[] coreUse, double[][] gpuUse) {
    HullSegments segs = segments(hulls, horizon);
    int n = segs.size;
    int[] order = unitFactors(horizon) ? shared(hulls.priceOrder(), segs, n) : order(segs.unit, n);
    double[] sortedUnit = new double[n];
    int[] rank = new int[n];
    for (int r = 0; r < n; r++) {
      sortedUnit[r] = segs.unit[order[r]];
      rank[order[r]] = r;
    }
    Fenwick fen = new Fenwick(n);
    double best = Double.POSITIVE_INFINITY;
    int bestSlot = -1;
    int bestChoice = -1; // in lastSlots; -1 past the horizon
    double bestFen = 0;
    double bestNeed = 0;
    double free = 0; // work of unpriced whole slots from the horizon on
    double[] speeds = frontier.speeds();
    for (int last = arrival; ; last++) {
      double length = last - arrival;
      if (length >= best) {
        break;
      }
      double need = epochs - free;
      double g = factor(last);
      if (last < horizon) {
        // The whole slot's price of the one configuration held, and its own speed for the JCT.
        int[] range = lastSlots.of(last);
        for (int k = range[0]; k < range[1]; k++) {
          double fixed = length + lastSlots.price[k];
          if (fixed >= best) {
            continue;
          }
          double work = speeds[lastSlots.config[k]] * g;
          double[] split = knapsack(need, fen, sortedUnit, work, 1 / work);
          if (split != null && fixed + split[0] < best) {
            best = fixed + split[0];
            bestSlot = last;
            bestChoice = k;
            bestFen = split[1];
            bestNeed = need;
          }
        }
        for (int i = segs.slotStart[last - arrival]; i < segs.slotStart[last - arrival + 1]; i++) {
          fen.add(rank[i], segs.work[i], segs.work[i] * segs.unit[i]);
        }
      } else {
        double work = frontier.best() * g; // unpriced: the fastest configuration
        double[] split = knapsack(need, fen, sortedUnit, work, 1 / work);
        if (split != null && length + split[0] < best) {
          best = length + split[0];
          bestSlot = last;
          bestChoice = -1;
          bestFen = split[1];
          bestNeed = need;
        }
        free += work;
      }
    }
    record(segs, order, bestSlot, bestFen, bestNeed, coreUse, gpuUse);
    if (bestChoice >= 0) { // the last slot's configuration, held for the whole slot
      coreUse[bestSlot] += lastSlots.cores[bestChoice];
      gpuUse[lastSlots.pool[bestChoice]][bestSlot] += lastSlots.gpus[bestChoice];
    }
    return best;
  }

  /**
   * Whether every priced slot from the arrival on has factor 1: then the job's segments are its
   * frontier's, unscaled.
   */
  private boolean unitFactors(int horizon) {
    for (int t = arrival; t < horizon; t++) {
      if (factor(t) != 1) {
        return false;
      }
    }
    return true;
  }

  /**
   * The job's segments in the frontier's price order, those of slots before its arrival left out:
   * what sorting them would give.
   */
  private int[] shared(int[][] priceOrder, HullSegments segs, int n) {
    int[] slots = priceOrder[0];
    int[] places = priceOrder[1];
    int[] order = new int[n];
    int r = 0;
    for (int k = 0; k < slots.length; k++) {
      if (slots[k] >= arrival) {
        order[r++] = segs.slotStart[slots[k] - arrival] + places[k];
      }
    }
    return order;
  }

  /**
   * The cheapest {@code need} epochs from the Fenwick tree's segments and at most {@code lastWork}
   * from the last slot at {@code lastUnit} each: {cost, epochs from the tree}; null when they
   * cannot supply {@code need}. The cost is convex in what the tree gives: it gives every epoch
   * cheaper than the last slot's, more only when the last slot runs out.
   */
  static double[] knapsack(
      double need, Fenwick fen, double[] sortedUnit, double lastWork, double lastUnit) {
    if (need <= 0) {
      return new double[] {0, 0};
    }
    // Sums of work in different orders differ by rounding; every comparison gives way towards the
    // cheaper answer, so that rounding can only lower the bound, never lift it above a schedule.
    double slack = ROUNDING * Math.max(1, need);
    double total = fen.totalWork();
    double least = need - lastWork; // what the tree must give
    if (least > total + slack) {
      return null;
    }
    double cheaper = fen.workBelow(lowerRank(sortedUnit, lastUnit));
    double y = Math.min(total, Math.min(need, Math.max(least, cheaper)));
    double left = need - y; // from the last slot
    double cost = fen.cheapestCost(y, sortedUnit) + (left > slack ? left * lastUnit : 0);
    return new double[] {cost, y};
  }

  /** How many sorted units lie strictly below {@code u}. */
  private static int lowerRank(double[] sortedUnit, double u) {
    int lo = 0;
    int hi = sortedUnit.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sortedUnit[mid] < u) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Adds the holdings of the best schedule's slots before {@code last}: its cheapest {@code
   * fromTree} epochs.
   */
  private static void record(
      HullSegments segs,
      int[] order,
      int last,
      double fromTree,
      double need,
      double[] coreUse,
      double[][] gpuUse) {
    double left = Math.min(fromTree, need);
    for (int r = 0; r < order.length && left > 0; r++) {
      int i = order[r];
      if (segs.slot[i] >= last) {
        continue;
      }
      double take = Math.min(left, segs.work[i]);
      left -= take;
      coreUse[segs.slot[i]] += take / segs.work[i] * segs.cores[i];
      gpuUse[segs.gpuPool[i]][segs.slot[i]] += take / segs.work[i] * segs.gpus[i];
      if (segs.gpusLeft[i] != 0) {
        gpuUse[segs.leftPool[i]][segs.slot[i]] -= take / segs.work[i] * segs.gpusLeft[i];
      }
    }
  }

  /**
   * The job's segments of the priced slots from its arrival on: its frontier's curves, speed times
   * the slot's factor.
   */
  private HullSegments segments(SlotHulls hulls, int horizon) {
    int slots = Math.max(0, horizon - arrival);
    int size = 0;
    for (int k = 0; k < slots; k++) {
      int[] range = hulls.of(arrival + k);
      size += range[1] - range[0];
    }
    HullSegments segs = new HullSegments(size, slots);
    int i = 0;
    for (int k = 0; k < slots; k++) {
      int t = arrival + k;
      segs.slotStart[k] = i;
      double g = factor(t);
      int[] range = hulls.of(t);
      for (int h = range[0]; h < range[1]; h++, i++) {
        segs.work[i] = hulls.speed[h] * g;
        segs.unit[i] = hulls.unit[h] / g;
        segs.cores[i] = hulls.cores[h];
        segs.gpus[i] = hulls.gpus[h];
        segs.gpuPool[i] = hulls.gpuPool[h];
        segs.gpusLeft[i] = hulls.gpusLeft[h];
        segs.leftPool[i] = hulls.leftPool[h];
        segs.slot[i] = t;
      }
    }
    segs.slotStart[slots] = size;
    return segs;
  }

  /** Indices 0..n−1 by rising key, ties by index (a stable merge sort, without boxing). */
  static int[] order(double[] key, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    int[] b = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
          b[k] = i < mid && (j >= hi || key[a[i]] <= key[a[j]]) ? a[i++] : a[j++];
        }
      }
      int[] swap = a;
      a = b;
      b = swap;
    }
    return a;
  }
}
