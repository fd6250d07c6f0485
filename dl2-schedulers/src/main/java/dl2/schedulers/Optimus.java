package dl2.schedulers;

import dl2.model.Rng;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Comparator;
import java.util.Iterator;

/**
 * Optimus, simulator version (dl2-spec §6.5): with a perfect speed model, repeatedly add the one
 * task (worker or PS) that most shortens some job's remaining time, measured in slots from dry-run
 * rates. Every job first gets a worker and a PS in id order. A failed placement or a non-positive
 * best utility ends the slot.
 */
public final class Optimus implements Scheduler {
  /** Remaining-time guard when a rate is not positive (Project). */
  private static final double NO_PROGRESS_SLOTS = 1e12;

  record Entry(double value, Task role, JobView job) implements GreedyFill.Offer {}

  /** Highest utility first, then lowest id; written out, as the queue's hot path. */
  private static final Comparator<Entry> ORDER =
      (a, b) -> {
        int byUtility = Double.compare(b.value(), a.value());
        return byUtility != 0 ? byUtility : Integer.compare(a.job().id(), b.job().id());
      };

  private final double estimationError;
  private final Rng rng;

  /** The exact simulator version. */
  public Optimus() {
    this(0, 0);
  }

  /**
   * With estimation error: s0 and s_w (not s_p) are each multiplied by (1 ± error), each with its
   * own random sign drawn from a stream of {@code seed}.
   */
  public Optimus(double estimationError, long seed) {
    if (!(estimationError >= 0 && estimationError < 1)) {
      throw new IllegalArgumentException(
          "Optimus estimation error must be in [0, 1): " + estimationError);
    }
    this.estimationError = estimationError;
    this.rng = new Rng(seed);
  }

  @Override
  public String name() {
    return "optimus";
  }

  @Override
  public void schedule(SlotContext slot) {
    // A job without tasks enters at utility +∞ for a worker, so those come first in id order, read
    // only as far as served; jobs already holding tasks (none in the simulator) are valued now.
    Iterator<Entry> untouched =
        slot.jobs().stream()
            .filter(job -> job.workers() == 0 && job.parameterServers() == 0)
            .map(job -> new Entry(Double.POSITIVE_INFINITY, Task.WORKER, job))
            .iterator();
    PresortedQueue<Entry> queue = new PresortedQueue<>(ORDER, untouched);
    for (JobView job : slot.jobsWithTasks()) {
      queue.add(utility(slot, job));
    }
    GreedyFill.fill(slot, queue, head -> utility(slot, head.job()));
  }

  Entry utility(SlotContext slot, JobView job) {
    int w = job.workers();
    int u = job.parameterServers();
    if (w == 0) {
      return new Entry(Double.POSITIVE_INFINITY, Task.WORKER, job);
    }
    if (u == 0) {
      return new Entry(Double.POSITIVE_INFINITY, Task.PS, job);
    }
    double remaining = job.epochs() - job.progress();
    double s0 = slot.dryRunEpochsPerSlot(job, u, w) * estimationFactor();
    double sWorker = slot.dryRunEpochsPerSlot(job, u, w + 1) * estimationFactor();
    double sPs = slot.dryRunEpochsPerSlot(job, u + 1, w);
    double base = slotsToFinish(remaining, s0);
    double workerGain = base - slotsToFinish(remaining, sWorker);
    double psGain = base - slotsToFinish(remaining, sPs);
    return psGain >= workerGain
        ? new Entry(psGain, Task.PS, job)
        : new Entry(workerGain, Task.WORKER, job);
  }

  private double estimationFactor() {
    if (estimationError == 0) {
      return 1;
    }
    return rng.nextDouble() < 0.5 ? 1 - estimationError : 1 + estimationError;
  }

  private static double slotsToFinish(double remainingEpochs, double epochsPerSlot) {
    return epochsPerSlot <= 0 ? NO_PROGRESS_SLOTS : remainingEpochs / epochsPerSlot;
  }
}
