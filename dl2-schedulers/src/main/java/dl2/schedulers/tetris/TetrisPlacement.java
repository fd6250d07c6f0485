package dl2.schedulers.tetris;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.SlotContext;
import java.util.Arrays;
import java.util.Iterator;

/** One slot's placements over the outstanding jobs. */
final class TetrisPlacement {
  private final SlotContext slot;
  private final TetrisOutstanding outstanding;
  private final Cursor[] cursors;

  /**
   * Σ alignment over all jobs by node usage (cores, GPUs), which alone sets it within a slot; NaN
   * until asked.
   */
  private final double[] alignSums;

  TetrisPlacement(SlotContext slot, TetrisOutstanding outstanding) {
    this.slot = slot;
    this.outstanding = outstanding;
    this.alignSums =
        new double[(outstanding.capacity.cores() + 1) * (outstanding.capacity.gpus() + 1)];
    Arrays.fill(alignSums, Double.NaN);
    this.cursors = new Cursor[outstanding.groups.size()];
    for (int g = 0; g < cursors.length; g++) {
      cursors[g] = new Cursor(outstanding.groups.get(g));
    }
  }

  void fillNode(int node) {
    Resources capacity = outstanding.capacity;
    while (true) {
      Resources used = slot.cluster().used(node);
      double freeCores = 1 - (double) used.cores() / capacity.cores();
      double freeGpus = 1 - (double) used.gpus() / capacity.gpus();
      int usage = used.cores() * (capacity.gpus() + 1) + used.gpus();
      if (Double.isNaN(alignSums[usage])) {
        alignSums[usage] = alignSum(freeCores, freeGpus);
      }
      double alignSum = alignSums[usage];
      if (alignSum == 0) {
        return; // weight = 0: the node is full for every job.
      }
      double weight =
          outstanding.meanWork > 0 ? (alignSum / outstanding.size) / outstanding.meanWork : 0;
      TetrisEntry best = best(freeCores, freeGpus, weight);
      if (best == null || !slot.tryAddOn(node, best.job(), Task.BUNDLE)) {
        return;
      }
    }
  }

  /** Highest score, ties to the lower id, skipping jobs at their caps; null if none. */
  private TetrisEntry best(double freeCores, double freeGpus, double weight) {
    TetrisEntry best = null;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (Cursor cursor : cursors) {
      double align = cursor.group.align(freeCores, freeGpus);
      TetrisEntry candidate = cursor.best(align, weight);
      if (candidate == null) {
        continue;
      }
      double score = align + weight * candidate.work();
      if (score > bestScore || (score == bestScore && candidate.id() < best.id())) {
        best = candidate;
        bestScore = score;
      }
    }
    return best;
  }

  /**
   * Σ over every job, in id order, of freeCores·coreDemand + freeGpus·gpuDemand: the plain sum, bit
   * for bit. Each job adds its group's term. When all terms are multiples of one power of two 2^e
   * and the total stays below 2^(52+e) (2^(53+e) would do; the margin covers the total's own
   * rounding), every partial sum is a representable multiple of 2^e, hence exact, so the plain sum
   * equals Σ count·term, whose products and sums are exact too. That holds on nodes of 8 cores and
   * 2 GPUs; elsewhere the jobs are summed in order, once per node usage and slot.
   */
  private double alignSum(double freeCores, double freeGpus) {
    double[] terms = new double[cursors.length];
    double total = 0;
    int lowestBit = Integer.MAX_VALUE;
    for (int g = 0; g < terms.length; g++) {
      TetrisDemandGroup group = outstanding.groups.get(g);
      terms[g] = group.align(freeCores, freeGpus);
      total += group.byWork.size() * terms[g];
      if (terms[g] != 0 && !group.byWork.isEmpty()) {
        lowestBit = Math.min(lowestBit, lowestBit(terms[g]));
      }
    }
    if (lowestBit == Integer.MAX_VALUE || total < Math.scalb(1.0, 52 + lowestBit)) {
      return total;
    }
    double sum = 0;
    for (int j = 0; j < outstanding.size; j++) {
      sum += terms[outstanding.columns.group[j]];
    }
    return sum;
  }

  /** The exponent of the lowest set bit of a positive finite x: x is an odd multiple of 2^that. */
  private static int lowestBit(double x) {
    long bits = Double.doubleToRawLongBits(x);
    int biased = (int) (bits >>> 52) & 0x7ff;
    long mantissa = bits & ((1L << 52) - 1);
    if (biased == 0) {
      return -1074 + Long.numberOfTrailingZeros(mantissa);
    }
    return biased - 1075 + Long.numberOfTrailingZeros(mantissa | (1L << 52));
  }

  /**
   * A walk of one group within a slot. Jobs that cannot take a bundle are passed for good: within a
   * slot they never can again, and no job's work changes.
   */
  private static final class Cursor {
    final TetrisDemandGroup group;
    private final Iterator<TetrisEntry> walk;
    private TetrisEntry head;

    /** The first entry of less work than the head's, and the work it was found for. */
    private TetrisEntry nextRun;

    private double nextRunAfter = Double.NaN;

    Cursor(TetrisDemandGroup group) {
      this.group = group;
      this.walk = group.byWork.iterator();
      this.head = walk.hasNext() ? walk.next() : null;
    }

    /**
     * The group's best job given its alignment and the weight: the head, unless rounding gives jobs
     * of less work the same score, when the lowest id among those that can take a bundle wins.
     */
    TetrisEntry best(double align, double weight) {
      while (head != null && !head.job().canTake(Task.BUNDLE)) {
        head = walk.hasNext() ? walk.next() : null;
      }
      if (head == null) {
        return null;
      }
      if (nextRunAfter != head.work()) {
        nextRun = runAfter(head);
        nextRunAfter = head.work();
      }
      double top = align + weight * head.work();
      TetrisEntry best = head;
      for (TetrisEntry run = nextRun;
          run != null && align + weight * run.work() == top;
          run = runAfter(run)) {
        TetrisEntry taking = firstTaking(run);
        if (taking != null && taking.id() < best.id()) {
          best = taking;
        }
      }
      return best;
    }

    /** The first entry of less work than {@code entry}'s; null if none. */
    private TetrisEntry runAfter(TetrisEntry entry) {
      return group.byWork.higher(new TetrisEntry(entry.work(), Integer.MAX_VALUE, null));
    }

    /** The lowest-id job of {@code run}'s work that can take a bundle; null if none. */
    private TetrisEntry firstTaking(TetrisEntry run) {
      for (TetrisEntry e = run; e != null && e.work() == run.work(); e = group.byWork.higher(e)) {
        if (e.job().canTake(Task.BUNDLE)) {
          return e;
        }
      }
      return null;
    }
  }
}
