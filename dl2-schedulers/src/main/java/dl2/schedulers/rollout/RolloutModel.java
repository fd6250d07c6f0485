package dl2.schedulers.rollout;

import dl2.model.ClusterSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.OptimusRemaining.Rank;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * {@link RolloutPlanner}'s light model of the cluster from one slot on: the outstanding jobs with
 * their remaining epochs R = E − P (the knowledge optimus-remaining has), their caps and dry-run
 * speeds ({@link DryRunCache}), the nodes ({@link ModelCluster}, fewest-nodes placement), and no
 * future arrivals. Each model slot allocates from zero by optimus-remaining's rule (or a {@link
 * RolloutCandidate}'s variant of it in the first), then every job with a worker and a PS advances
 * by its dry-run speed and completes within the slot when it reaches R, as in the simulator
 * (dl2-spec §3.3). The cost of a rollout is the sum of the jobs' completion times.
 */
final class RolloutModel {
  /** Remaining-time guard when a rate is not positive, as in {@link OptimusRemaining}. */
  private static final double NO_PROGRESS_SLOTS = 1e12;

  private record Entry(double value, Task role, int job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingDouble(Entry::value).reversed().thenComparingInt(Entry::job);

  private final int jobs;
  private final double[] startRemaining;
  private final int[] maxWorkers;
  private final int[] maxPs;
  private final Resources[] workerDemand;
  private final Resources[] psDemand;
  private final double[] workerShare;
  private final double[] psShare;
  private final DryRunCache speeds;
  private final ModelCluster cluster;

  private final double[] remaining;
  private final boolean[] done;
  private final int[] workers;
  private final int[] ps;
  private final double[] lastSpeed;

  /**
   * The model of {@code slot}'s outstanding jobs {@code outstanding} (ascending id: model job j is
   * the j-th).
   */
  RolloutModel(SlotContext slot, List<JobView> outstanding, DryRunCache speeds) {
    jobs = outstanding.size();
    this.speeds = speeds;
    ClusterSpec spec = slot.cluster().spec();
    cluster = new ModelCluster(slot.cluster().nodeCount(), slot.cluster().nodeCapacity(), jobs);
    startRemaining = new double[jobs];
    maxWorkers = new int[jobs];
    maxPs = new int[jobs];
    workerDemand = new Resources[jobs];
    psDemand = new Resources[jobs];
    workerShare = new double[jobs];
    psShare = new double[jobs];
    for (int j = 0; j < jobs; j++) {
      JobView job = outstanding.get(j);
      startRemaining[j] = job.epochs() - job.progress();
      maxWorkers[j] = job.maxWorkers();
      maxPs[j] = job.maxParameterServers();
      workerDemand[j] = job.type().demand(Task.WORKER);
      psDemand[j] = job.type().demand(Task.PS);
      workerShare[j] = spec.dominantShare(job.type(), 1, 0);
      psShare[j] = spec.dominantShare(job.type(), 0, 1);
    }
    remaining = new double[jobs];
    done = new boolean[jobs];
    workers = new int[jobs];
    ps = new int[jobs];
    lastSpeed = new double[jobs];
  }

  int jobs() {
    return jobs;
  }

  private double speed(int job, int ps, int workers) {
    return speeds.epochsPerSlot(job, ps, workers);
  }

  /** Back to the slot's start: every job outstanding with its true remaining epochs. */
  void reset() {
    System.arraycopy(startRemaining, 0, remaining, 0, jobs);
    Arrays.fill(done, false);
    Arrays.fill(lastSpeed, 0);
  }

  /**
   * The tasks {@code candidate} gives in the current model slot, in the order it adds them; the
   * allocation stays in place.
   */
  SlotPlan allocate(RolloutCandidate candidate) {
    SlotPlan plan = new SlotPlan();
    Arrays.fill(workers, 0);
    Arrays.fill(ps, 0);
    cluster.clear();
    Rank rank = candidate.rank();
    int boosted = candidate.boosted();
    if (boosted >= 0 && !done[boosted]) {
      for (Entry e = best(boosted, rank);
          e.value() > 0 && canTake(boosted, e.role()) && place(boosted, e.role(), plan);
          e = best(boosted, rank)) {
        // served first while each next task of its own is worth something and fits
      }
    }
    PriorityQueue<Entry> queue = new PriorityQueue<>(ORDER);
    for (int j = 0; j < jobs; j++) {
      if (!done[j] && !(j == candidate.limited() && candidate.taskLimit() == 0)) {
        queue.add(best(j, rank));
      }
    }
    while (!queue.isEmpty()) {
      Entry head = queue.poll();
      if (head.value() <= 0) {
        break;
      }
      if (!canTake(head.job(), head.role())) {
        continue; // as optimus-remaining: the job leaves for the rest of the slot
      }
      if (head.job() == candidate.limited() && tasksOf(head.job()) >= candidate.taskLimit()) {
        continue;
      }
      if (!place(head.job(), head.role(), plan)) {
        break;
      }
      queue.add(best(head.job(), rank));
    }
    return plan;
  }

  /**
   * Runs the current allocation for model slot {@code slot} (0 = now): jobs progress, those that
   * reach their remaining epochs complete within it. Returns the summed completion times (slots
   * from now, fractional in the last) of the jobs that completed.
   */
  double advance(int slot) {
    double completed = 0;
    for (int j = 0; j < jobs; j++) {
      if (done[j] || workers[j] < 1 || ps[j] < 1) {
        continue;
      }
      double rate = speed(j, ps[j], workers[j]);
      if (rate <= 0) {
        continue;
      }
      lastSpeed[j] = rate;
      if (remaining[j] <= rate) {
        done[j] = true;
        completed += slot + Math.max(0, remaining[j]) / rate;
      } else {
        remaining[j] -= rate;
      }
    }
    return completed;
  }

  /**
   * The cost of the rest of a rollout whose first {@code slotsDone} slots have been advanced: the
   * base heuristic until {@code horizonSlots} (0: until every job completes), then each outstanding
   * job's remaining epochs at its last speed (or at one worker and one PS).
   */
  double finishWithBase(int slotsDone, int horizonSlots) {
    double cost = 0;
    int slot = slotsDone;
    while (outstanding() > 0 && (horizonSlots == 0 || slot < horizonSlots)) {
      allocate(RolloutCandidate.BASE);
      int before = outstanding();
      double progressBefore = totalRemaining();
      cost += advance(slot);
      slot++;
      if (outstanding() == before && totalRemaining() == progressBefore) {
        break; // nothing can run: the terminal estimate prices the rest
      }
    }
    for (int j = 0; j < jobs; j++) {
      if (!done[j]) {
        double rate = lastSpeed[j] > 0 ? lastSpeed[j] : speed(j, 1, 1);
        cost += slot + (rate > 0 ? remaining[j] / rate : NO_PROGRESS_SLOTS);
      }
    }
    return cost;
  }

  /**
   * Model job {@code job}'s remaining slots at its allocation in the current model slot (at 1
   * worker and 1 PS if it has none).
   */
  double remainingSlots(int job) {
    double rate = speed(job, Math.max(1, ps[job]), Math.max(1, workers[job]));
    return rate > 0 ? remaining[job] / rate : NO_PROGRESS_SLOTS;
  }

  int tasksOf(int job) {
    return workers[job] + ps[job];
  }

  ModelCluster cluster() {
    return cluster;
  }

  private int outstanding() {
    int count = 0;
    for (int j = 0; j < jobs; j++) {
      count += done[j] ? 0 : 1;
    }
    return count;
  }

  private double totalRemaining() {
    double sum = 0;
    for (int j = 0; j < jobs; j++) {
      sum += done[j] ? 0 : remaining[j];
    }
    return sum;
  }

  private boolean canTake(int job, Task task) {
    return workers[job] + task.workers() <= maxWorkers[job]
        && ps[job] + task.parameterServers() <= maxPs[job];
  }

  private boolean place(int job, Task task, SlotPlan plan) {
    if (!cluster.place(job, task, task == Task.WORKER ? workerDemand[job] : psDemand[job])) {
      return false;
    }
    workers[job] += task.workers();
    ps[job] += task.parameterServers();
    plan.add(job, task);
    return true;
  }

  /** optimus-remaining's value of the job's better next task (a PS wins ties), in the model. */
  private Entry best(int job, Rank rank) {
    int w = workers[job];
    int u = ps[job];
    if (w == 0) {
      return new Entry(Double.POSITIVE_INFINITY, Task.WORKER, job);
    }
    if (u == 0) {
      return new Entry(Double.POSITIVE_INFINITY, Task.PS, job);
    }
    double left = remaining[job];
    if (left <= 0) {
      return new Entry(0, Task.PS, job);
    }
    double now = slotsToFinish(left, speed(job, u, w));
    double withWorker = slotsToFinish(left, speed(job, u, w + 1));
    double withPs = slotsToFinish(left, speed(job, u + 1, w));
    double workerValue = rank.value(now - withWorker, now, left, workerShare[job]);
    double psValue = rank.value(now - withPs, now, left, psShare[job]);
    return psValue >= workerValue
        ? new Entry(psValue, Task.PS, job)
        : new Entry(workerValue, Task.WORKER, job);
  }

  private static double slotsToFinish(double remainingEpochs, double epochsPerSlot) {
    return epochsPerSlot <= 0 ? NO_PROGRESS_SLOTS : remainingEpochs / epochsPerSlot;
  }
}
