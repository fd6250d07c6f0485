package dl2.schedulers;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * Tetris (dl2-spec §6.4): visit nodes in index order; at each, give a bundle to the job with the
 * best alignment-plus-weighted-work score until that job's bundle fails there. A failure only
 * moves on to the next node; it never ends the slot.
 *
 * <p>Project choice: with epoch-estimation error a job can pass its estimate (ρ &lt; 0). Work uses
 * max(ρ, 0), and when no job has work left (mean work 0) jobs are ranked by alignment alone
 * instead of the spec's guard leaving every node, which starved such jobs until the safety limit.
 *
 * <p>Fast and exact: a placement costs O(distinct bundle demands), not O(outstanding jobs), and
 * chooses exactly the job that scoring every job would, floating-point ties included. Jobs of one
 * bundle demand share their alignment at any node, so among them the score (align + weight·work,
 * weight ≥ 0) never falls with work: the best is the job of most work that can still take a
 * bundle ({@link DemandGroup}, {@link Cursor}). A job's progress changes only while it holds
 * tasks, so the ranking is kept across consecutive slots and only the jobs that held tasks,
 * arrivals and departures are re-filed ({@link Outstanding}). The mean work is the plain sum over
 * all jobs in id order; so is the mean alignment, had without summing every job at every node
 * ({@link Placement#alignSum}).
 */
public final class Tetris implements Scheduler {
  private final Outstanding outstanding = new Outstanding();
  private int previousSlot = -1;
  /** The jobs that held tasks when the previous slot was scheduled: only their progress changed. */
  private List<JobView> ran = List.of();

  @Override
  public String name() {
    return "tetris";
  }

  @Override
  public void schedule(SlotContext slot) {
    Resources capacity = slot.cluster().nodeCapacity();
    if (slot.slot() != previousSlot + 1 || !capacity.equals(outstanding.capacity)) {
      outstanding.clear(capacity); // A new simulation, or slots this scheduler did not see.
      ran = List.of();
    }
    previousSlot = slot.slot();
    outstanding.update(slot.jobs(), ran);
    if (outstanding.size > 0) {
      Placement placement = new Placement(slot, outstanding);
      for (int node = 0; node < slot.cluster().nodeCount(); node++) {
        placement.fillNode(node);
      }
    }
    ran = new ArrayList<>(slot.jobsWithTasks());
  }

  /** A job's place in its demand group: most work first, then lowest id. */
  private record Entry(double work, int id, JobView job) {}

  private static final Comparator<Entry> MOST_WORK_FIRST = (a, b) -> {
    int byWork = Double.compare(b.work(), a.work());
    return byWork != 0 ? byWork : Integer.compare(a.id(), b.id());
  };

  /** The jobs of one normalised bundle demand, whose alignments are equal at any node. */
  private static final class DemandGroup {
    final double coreDemand;
    final double gpuDemand;
    final TreeSet<Entry> byWork = new TreeSet<>(MOST_WORK_FIRST);

    DemandGroup(double coreDemand, double gpuDemand) {
      this.coreDemand = coreDemand;
      this.gpuDemand = gpuDemand;
    }

    double work(JobView job) {
      return (coreDemand + gpuDemand) * Math.max(0, job.remainingFraction());
    }
  }

  /** Jobs in id order with their work and demand group: parallel columns. */
  private static final class Columns {
    /** The job objects, compared only by identity. */
    final Object[] jobs;
    final int[] ids;
    final double[] work;
    final int[] group;

    Columns(int capacity) {
      jobs = new Object[capacity];
      ids = new int[capacity];
      work = new double[capacity];
      group = new int[capacity];
    }

    void copyTo(int from, Columns to, int at, int count) {
      System.arraycopy(jobs, from, to.jobs, at, count);
      System.arraycopy(ids, from, to.ids, at, count);
      System.arraycopy(work, from, to.work, at, count);
      System.arraycopy(group, from, to.group, at, count);
    }
  }

  /**
   * The outstanding jobs as of the last slot: in id order with their work and demand group (the
   * sums walk them in that order), and filed by work in their group. Each slot, a walk compares
   * the slot's jobs with these by identity, so arrivals and departures are found without asking a
   * known job anything; a context that makes new job objects every slot just refiles them all.
   */
  private static final class Outstanding {
    Resources capacity;
    final List<DemandGroup> groups = new ArrayList<>();
    int size;
    Columns columns = new Columns(0);
    /** The columns the next merge writes, swapped with {@link #columns} after it. */
    private Columns spare = new Columns(0);
    double meanWork;
    /** Σ work in id order, as the merge goes. */
    private double workSum;

    void clear(Resources capacity) {
      this.capacity = capacity;
      groups.clear();
      size = 0;
    }

    void update(List<JobView> current, List<JobView> ran) {
      for (JobView job : ran) {
        refile(job);
      }
      workSum = 0;
      merge(current);
      meanWork = workSum / size;
    }

    /** Takes {@code jobs} (ascending id) as the outstanding jobs, keeping what is known of the same objects. */
    private void merge(List<JobView> jobs) {
      Object[] current = jobs.toArray(); // one copy: cheaper than reading the list job by job
      int n = current.length;
      if (spare.jobs.length < n) {
        spare = new Columns(Math.max(n, 2 * spare.jobs.length));
      }
      Columns old = columns;
      Columns now = spare;
      int i = 0;
      int k = 0;
      while (i < n) {
        int same = sameJobs(current, n, i, k);
        old.copyTo(k, now, i, same);
        i += same;
        k += same;
        if (i < n) {
          k = file((JobView) current[i], k, now, i);
          i++;
        }
      }
      while (k < size) {
        leave(k++);
      }
      spare = old;
      columns = now;
      size = n;
    }

    /** How many jobs of {@code current} from i are, object for object, the known ones from k; adds their work to the sum. */
    private int sameJobs(Object[] current, int n, int i, int k) {
      Object[] jobs = columns.jobs;
      double[] work = columns.work;
      int limit = Math.min(n - i, size - k);
      double sum = workSum;
      int same = 0;
      while (same < limit && current[i + same] == jobs[k + same]) {
        sum += work[k + same];
        same++;
      }
      workSum = sum;
      return same;
    }

    /**
     * Files {@code job}, which is not the known job at k, at index i of {@code now}: the known jobs
     * of lower ids have left; one of its id is kept if it is the same object. Returns the next k.
     */
    private int file(JobView job, int k, Columns now, int i) {
      int id = job.id();
      while (k < size && columns.ids[k] < id) {
        leave(k++);
      }
      if (k < size && columns.ids[k] == id) {
        if (columns.jobs[k] == job) {
          columns.copyTo(k, now, i, 1);
          workSum += now.work[i];
          return k + 1;
        }
        leave(k++); // Another object of the same id: a context that remakes its jobs.
      }
      int g = groupOf(job);
      now.jobs[i] = job;
      now.ids[i] = id;
      now.group[i] = g;
      now.work[i] = groups.get(g).work(job);
      groups.get(g).byWork.add(new Entry(now.work[i], id, job));
      workSum += now.work[i];
      return k;
    }

    private void leave(int k) {
      groups.get(columns.group[k]).byWork.remove(new Entry(columns.work[k], columns.ids[k], null));
    }

    /** Re-files a job whose progress changed, if it is still outstanding. */
    private void refile(JobView job) {
      int k = Arrays.binarySearch(columns.ids, 0, size, job.id());
      if (k < 0 || columns.jobs[k] != job) {
        return;
      }
      DemandGroup demand = groups.get(columns.group[k]);
      demand.byWork.remove(new Entry(columns.work[k], job.id(), null));
      columns.work[k] = demand.work(job);
      demand.byWork.add(new Entry(columns.work[k], job.id(), job));
    }

    private int groupOf(JobView job) {
      Resources bundle = job.type().demand(Task.BUNDLE);
      double cores = (double) bundle.cores() / capacity.cores();
      double gpus = (double) bundle.gpus() / capacity.gpus();
      for (int g = 0; g < groups.size(); g++) {
        if (groups.get(g).coreDemand == cores && groups.get(g).gpuDemand == gpus) {
          return g;
        }
      }
      groups.add(new DemandGroup(cores, gpus));
      return groups.size() - 1;
    }
  }

  /** One slot's placements over the outstanding jobs. */
  private static final class Placement {
    private final SlotContext slot;
    private final Outstanding outstanding;
    private final Cursor[] cursors;
    /** Σ alignment over all jobs by node usage (cores, GPUs), which alone sets it within a slot; NaN until asked. */
    private final double[] alignSums;

    Placement(SlotContext slot, Outstanding outstanding) {
      this.slot = slot;
      this.outstanding = outstanding;
      this.alignSums = new double[(outstanding.capacity.cores() + 1) * (outstanding.capacity.gpus() + 1)];
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
        double weight = outstanding.meanWork > 0 ? (alignSum / outstanding.size) / outstanding.meanWork : 0;
        Entry best = best(freeCores, freeGpus, weight);
        if (best == null || !slot.tryAddOn(node, best.job(), Task.BUNDLE)) {
          return;
        }
      }
    }

    /** Highest score, ties to the lower id, skipping jobs at their caps; null if none. */
    private Entry best(double freeCores, double freeGpus, double weight) {
      Entry best = null;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (Cursor cursor : cursors) {
        double align = freeCores * cursor.group.coreDemand + freeGpus * cursor.group.gpuDemand;
        Entry candidate = cursor.best(align, weight);
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
     * Σ over every job, in id order, of freeCores·coreDemand + freeGpus·gpuDemand: the plain sum,
     * bit for bit. Each job adds its group's term. When all terms are multiples of one power of two
     * 2^e and the total stays below 2^(52+e) (2^(53+e) would do; the margin covers the total's own
     * rounding), every partial sum is a representable multiple of 2^e, hence exact, so the plain
     * sum equals Σ count·term, whose products and sums are exact too. That holds on nodes of 8
     * cores and 2 GPUs; elsewhere the jobs are summed in order, once per node usage and slot.
     */
    private double alignSum(double freeCores, double freeGpus) {
      double[] terms = new double[cursors.length];
      double total = 0;
      int lowestBit = Integer.MAX_VALUE;
      for (int g = 0; g < terms.length; g++) {
        DemandGroup group = outstanding.groups.get(g);
        terms[g] = freeCores * group.coreDemand + freeGpus * group.gpuDemand;
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
  }

  /**
   * A walk of one group within a slot. Jobs that cannot take a bundle are passed for good: within
   * a slot they never can again, and no job's work changes.
   */
  private static final class Cursor {
    final DemandGroup group;
    private final Iterator<Entry> walk;
    private Entry head;
    /** The first entry of less work than the head's, and the work it was found for. */
    private Entry nextRun;
    private double nextRunAfter = Double.NaN;

    Cursor(DemandGroup group) {
      this.group = group;
      this.walk = group.byWork.iterator();
      this.head = walk.hasNext() ? walk.next() : null;
    }

    /**
     * The group's best job given its alignment and the weight: the head, unless rounding gives
     * jobs of less work the same score, when the lowest id among those that can take a bundle wins.
     */
    Entry best(double align, double weight) {
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
      Entry best = head;
      for (Entry run = nextRun; run != null && align + weight * run.work() == top; run = runAfter(run)) {
        Entry taking = firstTaking(run);
        if (taking != null && taking.id() < best.id()) {
          best = taking;
        }
      }
      return best;
    }

    /** The first entry of less work than {@code entry}'s; null if none. */
    private Entry runAfter(Entry entry) {
      return group.byWork.higher(new Entry(entry.work(), Integer.MAX_VALUE, null));
    }

    /** The lowest-id job of {@code run}'s work that can take a bundle; null if none. */
    private Entry firstTaking(Entry run) {
      for (Entry e = run; e != null && e.work() == run.work(); e = group.byWork.higher(e)) {
        if (e.job().canTake(Task.BUNDLE)) {
          return e;
        }
      }
      return null;
    }
  }
}
