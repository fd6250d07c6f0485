package dl2.schedulers;

import dl2.model.Rng;
import dl2.model.Task;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The baselines as first written, kept as the reference of the incremental ones: each slot sorts
 * or queues every outstanding job. {@link IncrementalBaselinesTest} checks that both decide alike.
 */
final class PlainBaselines {
  private PlainBaselines() {}

  static Scheduler plain(String name, double optimusError, long seed) {
    return switch (name) {
      case "fifo" -> new Ordered("fifo",
          Comparator.comparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id));
      case "srtf" -> new Ordered("srtf", Comparator.comparingDouble(JobView::remainingFraction)
          .thenComparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id));
      case "drf" -> new Drf();
      case "optimus" -> new Optimus(optimusError, seed);
      case "optimus-fitted" -> new PlainOptimusFitted();
      default -> throw new IllegalArgumentException(name);
    };
  }

  /** FIFO and SRTF: sort every job, then fill each up to the cap until a placement fails. */
  private record Ordered(String name, Comparator<JobView> order) implements Scheduler {
    @Override
    public void schedule(SlotContext slot) {
      int cap = slot.taskCap();
      for (JobView job : slot.jobs().stream().sorted(order).toList()) {
        while (job.workers() < cap && job.parameterServers() < cap) {
          if (!slot.tryAdd(job, Task.BUNDLE)) {
            return;
          }
        }
      }
    }
  }

  private static final class Drf implements Scheduler {
    private record Entry(double dominantShare, JobView job) {}

    private static final Comparator<Entry> ORDER = Comparator.comparingDouble(Entry::dominantShare)
        .thenComparingInt(e -> e.job().arrivalSlot())
        .thenComparingInt(e -> e.job().id());

    @Override
    public String name() {
      return "drf";
    }

    @Override
    public void schedule(SlotContext slot) {
      PriorityQueue<Entry> queue = new PriorityQueue<>(ORDER);
      for (JobView job : slot.jobs()) {
        queue.add(new Entry(0, job));
      }
      int cap = slot.taskCap();
      while (!queue.isEmpty()) {
        JobView job = queue.poll().job();
        if (!slot.tryAdd(job, Task.BUNDLE)) {
          return;
        }
        if (job.workers() < cap && job.parameterServers() < cap) {
          queue.add(new Entry(job.dominantShare(), job));
        }
      }
    }
  }

  private static final class Optimus implements Scheduler {
    private static final double NO_PROGRESS_SLOTS = 1e12;

    private record Entry(double utility, Task role, JobView job) {}

    private static final Comparator<Entry> ORDER =
        Comparator.comparingDouble(Entry::utility).reversed().thenComparingInt(e -> e.job().id());

    private final double estimationError;
    private final Rng rng;

    Optimus(double estimationError, long seed) {
      this.estimationError = estimationError;
      this.rng = new Rng(seed);
    }

    @Override
    public String name() {
      return "optimus";
    }

    @Override
    public void schedule(SlotContext slot) {
      PriorityQueue<Entry> queue = new PriorityQueue<>(ORDER);
      for (JobView job : slot.jobs()) {
        queue.add(utility(slot, job));
      }
      int cap = slot.taskCap();
      while (!queue.isEmpty()) {
        Entry head = queue.poll();
        if (head.utility() <= 0) {
          return;
        }
        JobView job = head.job();
        int held = head.role() == Task.WORKER ? job.workers() : job.parameterServers();
        if (held >= cap) {
          continue;
        }
        if (!slot.tryAdd(job, head.role())) {
          return;
        }
        queue.add(utility(slot, job));
      }
    }

    private Entry utility(SlotContext slot, JobView job) {
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
      return psGain >= workerGain ? new Entry(psGain, Task.PS, job) : new Entry(workerGain, Task.WORKER, job);
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
}
