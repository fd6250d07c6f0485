package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Collections;
import java.util.Comparator;

/**
 * Optimus ranked by relative gain: as {@link Optimus} (perfect dry-run speeds, every job first gets
 * a worker and a PS in id order, a failed placement or a non-positive best value ends the slot),
 * but each next task goes to the job whose remaining time it shortens by the largest fraction, so
 * that short and long jobs compete on equal terms instead of long jobs winning.
 */
public final class OptimusRemaining implements Scheduler {
  /** Remaining-time guard when a rate is not positive, as in {@link Optimus}. */
  private static final double NO_PROGRESS_SLOTS = 1e12;

  /**
   * How a task is valued, from the job's remaining slots t0 = R/s0 now and t1 = R/s' with the task
   * (R remaining epochs, s dry-run epochs per slot); gain = t0 − t1 as in Optimus.
   */
  public enum Rank {
    /** gain: Optimus itself (the reference). */
    GAIN,
    /** gain / t0: the fraction of the job's remaining time the task saves. */
    GAIN_PER_REMAINING_TIME,
    /** gain / (t0 · the task's dominant share of the cluster). */
    GAIN_PER_REMAINING_TIME_AND_SHARE,
    /** gain / t0²: the saved fraction per remaining slot, favouring jobs close to the end. */
    GAIN_PER_SQUARED_REMAINING_TIME,
    /** gain / R: slots saved per remaining epoch. */
    GAIN_PER_REMAINING_WORK,
    /**
     * gain / max(t0, 1): the saved fraction, except for a job that finishes inside this slot, whose
     * completion moves by exactly the slots it saves (a fraction of this slot, not of its shorter
     * remaining time).
     */
    GAIN_WITHIN_LAST_SLOT;

    public double value(
        double gainSlots, double remainingSlots, double remainingEpochs, double taskShare) {
      return switch (this) {
        case GAIN -> gainSlots;
        case GAIN_PER_REMAINING_TIME -> gainSlots / remainingSlots;
        case GAIN_PER_REMAINING_TIME_AND_SHARE -> gainSlots / remainingSlots / taskShare;
        case GAIN_PER_SQUARED_REMAINING_TIME -> gainSlots / remainingSlots / remainingSlots;
        case GAIN_PER_REMAINING_WORK -> gainSlots / remainingEpochs;
        case GAIN_WITHIN_LAST_SLOT -> gainSlots / Math.max(remainingSlots, 1);
      };
    }
  }

  /**
   * The rank {@code optimus-remaining} ships with, chosen on validation traces (docs/heuristics/).
   */
  public static final Rank SHIPPED = Rank.GAIN_PER_REMAINING_TIME;

  private record Entry(double value, Task role, JobView job) implements GreedyFill.Offer {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingDouble(Entry::value).reversed().thenComparingInt(e -> e.job().id());

  /** What the rule believes a job's remaining epochs R are. */
  @FunctionalInterface
  public interface RemainingEpochs {
    double of(JobView job);
  }

  /** R = E − P, on the estimate E that the job view gives. */
  public static final RemainingEpochs ON_THE_ESTIMATE = job -> job.epochs() - job.progress();

  private final Rank rank;
  private final String name;
  private final RemainingEpochs remainingEpochs;

  public OptimusRemaining() {
    this(SHIPPED);
  }

  public OptimusRemaining(Rank rank) {
    this(rank, "optimus-remaining", ON_THE_ESTIMATE);
  }

  /**
   * {@code optimus-last-slot}: the saved fraction of remaining time, but the slots saved for a job
   * that finishes inside the slot (docs/heuristics/stronger-greedy.md).
   */
  public static OptimusRemaining lastSlot() {
    return new OptimusRemaining(Rank.GAIN_WITHIN_LAST_SLOT, LAST_SLOT_NAME, ON_THE_ESTIMATE);
  }

  /** The name of {@link #lastSlot()}. */
  public static final String LAST_SLOT_NAME = "optimus-last-slot";

  /**
   * The shipped rank under another {@code name}, believing {@code remainingEpochs} (the posterior
   * expectation, or the truth for an oracle: docs/job-lengths.md).
   */
  public OptimusRemaining(Rank rank, String name, RemainingEpochs remainingEpochs) {
    this.rank = rank;
    this.name = name;
    this.remainingEpochs = remainingEpochs;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void schedule(SlotContext slot) {
    PresortedQueue<Entry> queue = new PresortedQueue<>(ORDER, Collections.emptyIterator());
    for (JobView job : slot.jobs()) {
      queue.add(best(slot, job));
    }
    GreedyFill.fill(slot, queue, head -> best(slot, head.job()));
  }

  /**
   * The job's better task (a PS wins ties); a job without a worker or a PS first gets one at +∞.
   */
  private Entry best(SlotContext slot, JobView job) {
    int w = job.workers();
    int u = job.parameterServers();
    if (w == 0) {
      return new Entry(Double.POSITIVE_INFINITY, Task.WORKER, job);
    }
    if (u == 0) {
      return new Entry(Double.POSITIVE_INFINITY, Task.PS, job);
    }
    double remaining = remainingEpochs.of(job);
    if (remaining <= 0) {
      return new Entry(
          0, Task.PS, job); // Past its estimate: no known gain, as Optimus' utility ≤ 0.
    }
    double now = slotsToFinish(remaining, slot.dryRunEpochsPerSlot(job, u, w));
    double withWorker = slotsToFinish(remaining, slot.dryRunEpochsPerSlot(job, u, w + 1));
    double withPs = slotsToFinish(remaining, slot.dryRunEpochsPerSlot(job, u + 1, w));
    ClusterSpec cluster = slot.cluster().spec();
    double workerValue =
        rank.value(now - withWorker, now, remaining, cluster.dominantShare(job.type(), 1, 0));
    double psValue =
        rank.value(now - withPs, now, remaining, cluster.dominantShare(job.type(), 0, 1));
    return psValue >= workerValue
        ? new Entry(psValue, Task.PS, job)
        : new Entry(workerValue, Task.WORKER, job);
  }

  private static double slotsToFinish(double remainingEpochs, double epochsPerSlot) {
    return epochsPerSlot <= 0 ? NO_PROGRESS_SLOTS : remainingEpochs / epochsPerSlot;
  }
}
