package dl2.schedulers;

import dl2.model.Task;
import dl2.schedulers.tetris.PlainTetris;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The baselines as first written, kept as the reference of the incremental ones: each slot sorts or
 * queues every outstanding job. {@link IncrementalBaselinesTest} checks that both decide alike.
 */
final class PlainBaselines {
  private PlainBaselines() {}

  static Scheduler plain(String name, double optimusError, long seed) {
    return switch (name) {
      case "fifo" ->
          new Ordered(
              "fifo", Comparator.comparingInt(JobView::arrivalSlot).thenComparingInt(JobView::id));
      case "srtf" ->
          new Ordered(
              "srtf",
              Comparator.comparingDouble(JobView::remainingFraction)
                  .thenComparingInt(JobView::arrivalSlot)
                  .thenComparingInt(JobView::id));
      case "drf" -> new Drf();
      case "optimus" -> new PlainOptimus(optimusError, seed);
      case "optimus-fitted" -> new PlainOptimusFitted();
      case "tetris" -> new PlainTetris();
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

    private static final Comparator<Entry> ORDER =
        Comparator.comparingDouble(Entry::dominantShare)
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

  /**
   * A plain queue of every job's utility; the utilities (and their random draws) are {@link
   * Optimus}'s own.
   */
  private static final class PlainOptimus implements Scheduler {
    private static final Comparator<Optimus.Entry> ORDER =
        Comparator.comparingDouble(Optimus.Entry::value)
            .reversed()
            .thenComparingInt(e -> e.job().id());

    private final Optimus utilities;

    PlainOptimus(double estimationError, long seed) {
      this.utilities = new Optimus(estimationError, seed);
    }

    @Override
    public String name() {
      return "optimus";
    }

    @Override
    public void schedule(SlotContext slot) {
      PriorityQueue<Optimus.Entry> queue = new PriorityQueue<>(ORDER);
      for (JobView job : slot.jobs()) {
        queue.add(utilities.utility(slot, job));
      }
      int cap = slot.taskCap();
      while (!queue.isEmpty()) {
        Optimus.Entry head = queue.poll();
        if (head.value() <= 0) {
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
        queue.add(utilities.utility(slot, job));
      }
    }
  }
}
