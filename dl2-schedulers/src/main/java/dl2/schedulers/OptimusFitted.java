package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.slot.JobOrder;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ProgressMeter;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Optimus as published (dl2-spec §6.6), without the speed model: it learns each job's speed from
 * the progress the job makes. A new job first runs one slot at each {@link #PROFILE} configuration;
 * then the Optimus form is fitted to everything observed so far by non-negative least squares, and
 * tasks go greedily to the largest remaining-time reduction per unit of the task's dominant
 * resource share. Every job first gets a worker and a PS, in id order; a failed placement or a
 * non-positive best value ends the slot (as in §6.5).
 */
public final class OptimusFitted implements Scheduler {
  /**
   * (p, w) run for one slot each, in this order, before a job's speed is fitted (clipped to the
   * job's caps).
   */
  public static final List<Config> PROFILE =
      List.of(
          new Config(8, 2), new Config(4, 2), new Config(2, 4), new Config(2, 2), new Config(1, 1));

  /** A configuration: parameter servers and workers. */
  public record Config(int numPs, int numWorkers) {}

  /** A job done profiling, with its speed: looked up once per slot. */
  private record Profiled(JobView job, OptimusFittedSpeed speed) {}

  /**
   * A task the greedy step may place and its value; with what valuing the job's next task reuses:
   * its speed, remaining epochs and slots to finish once this task is placed.
   */
  private record Entry(
      double value,
      Task role,
      JobView job,
      int id,
      OptimusFittedSpeed speed,
      double remaining,
      double slotsAfter)
      implements GreedyFill.Offer {
    /**
     * Highest value first, then lowest id (the order of a composed comparator, written out); {@link
     * Double#compare} only where plain comparison cannot tell (equal, ±0 or NaN).
     */
    boolean before(Entry other) {
      if (value > other.value) {
        return true;
      }
      if (value < other.value) {
        return false;
      }
      int byValue = Double.compare(other.value, value);
      return byValue != 0 ? byValue < 0 : id < other.id;
    }
  }

  /** {@link Entry#before} as a comparator: a strict total order, ties by job id. */
  private static final Comparator<Entry> ORDER = (a, b) -> a.before(b) ? -1 : b.before(a) ? 1 : 0;

  /** Outstanding jobs' speeds by id, made on first use; a job that left is forgotten. */
  private Map<Integer, OptimusFittedSpeed> speeds = new HashMap<>();

  /**
   * The progress of the jobs that held a worker and a PS in the previous slot: only theirs says
   * anything.
   */
  private final ProgressMeter meter = new ProgressMeter();

  private final String name;

  /** What the rule believes a job's remaining epochs are: E − P as published. */
  private final OptimusRemaining.RemainingEpochs remainingEpochs;

  public OptimusFitted() {
    this("optimus-fitted", OptimusRemaining.ON_THE_ESTIMATE);
  }

  /**
   * Optimus as published under {@code name}, believing {@code remainingEpochs} (the posterior
   * expectation of docs/job-lengths.md).
   */
  public OptimusFitted(String name, OptimusRemaining.RemainingEpochs remainingEpochs) {
    this.name = name;
    this.remainingEpochs = remainingEpochs;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void schedule(SlotContext slot) {
    observe(slot);
    List<Profiled> profiled = new ArrayList<>();
    if (firstTasks(slot) && profile(slot, profiled)) {
      greedy(slot, profiled);
    }
    remember(slot);
  }

  /**
   * Records last slot's progress of every job that held a worker and a PS; forgets finished jobs.
   * Only jobs that held tasks are visited, so a long queue of waiting jobs costs nothing here.
   */
  private void observe(SlotContext slot) {
    if (meter.startsNewRun(slot)) {
      speeds = new HashMap<>(); // A new simulation: job ids mean other jobs now.
    }
    List<JobView> jobs = slot.jobs();
    speeds.keySet().removeIf(id -> find(jobs, id) == null);
    for (JobProgress measured : meter.measurements(slot)) {
      if (measured.epochsDone() > 0) {
        speed(measured.jobId())
            .observe(measured.parameterServers(), measured.workers(), measured.epochsDone());
      }
    }
  }

  private void remember(SlotContext slot) {
    List<JobView> both = new ArrayList<>();
    for (JobView job : slot.jobsWithTasks()) {
      if (job.parameterServers() > 0 && job.workers() > 0) {
        both.add(job);
      }
    }
    meter.remember(both, slot.slot());
  }

  /** The outstanding job with this id, by binary search of the id-ordered jobs; null if it left. */
  private static JobView find(List<JobView> jobsById, int id) {
    int index = JobOrder.indexOfId(jobsById, id);
    return index < 0 ? null : jobsById.get(index);
  }

  private OptimusFittedSpeed speed(int jobId) {
    return speeds.computeIfAbsent(jobId, id -> new OptimusFittedSpeed());
  }

  /** §6.6 step 1: one worker and one PS per job, in id order; false once a placement fails. */
  private static boolean firstTasks(SlotContext slot) {
    for (JobView job : slot.jobs()) {
      if (!slot.tryAdd(job, Task.WORKER) || !slot.tryAdd(job, Task.PS)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Brings every job still being profiled up to its next profiling configuration, and lists the
   * others with their speeds in {@code profiled}; false once a placement fails.
   */
  private boolean profile(SlotContext slot, List<Profiled> profiled) {
    for (JobView job : slot.jobs()) {
      OptimusFittedSpeed speed = speed(job.id());
      Config target = speed.firstUnobserved(PROFILE, job.maxParameterServers(), job.maxWorkers());
      if (target == null) {
        profiled.add(new Profiled(job, speed));
        continue;
      }
      while (job.workers() < target.numWorkers()) {
        if (!slot.tryAdd(job, Task.WORKER)) {
          return false;
        }
      }
      while (job.parameterServers() < target.numPs()) {
        if (!slot.tryAdd(job, Task.PS)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * §6.6 step 2: the task with the largest remaining-time reduction per dominant share, until none
   * helps.
   */
  private void greedy(SlotContext slot, List<Profiled> profiled) {
    double[][] shares = shares(slot.cluster().spec(), slot.jobs());
    PresortedQueue<Entry> queue = new PresortedQueue<>(ORDER, Collections.emptyIterator());
    for (Profiled job : profiled) {
      double remaining = remainingEpochs.of(job.job());
      double now =
          remaining / job.speed().epochsPerSlot(job.job().parameterServers(), job.job().workers());
      Entry best = best(shares, job.job(), job.speed(), remaining, now);
      if (best != null) {
        queue.add(best);
      }
    }
    GreedyFill.fill(
        slot,
        queue,
        head -> best(shares, head.job(), head.speed(), head.remaining(), head.slotsAfter()));
  }

  /**
   * The job's better role below its caps (a PS wins ties), valued with its fitted speed from {@code
   * now}, its slots to finish as it stands; null if none.
   */
  private static Entry best(
      double[][] shares, JobView job, OptimusFittedSpeed speed, double remaining, double now) {
    int p = job.parameterServers();
    int w = job.workers();
    double[] share = shares[job.type().ordinal()];
    Entry best = null;
    if (job.canTake(Task.WORKER)) {
      double after = remaining / speed.epochsPerSlot(p, w + 1);
      best =
          new Entry((now - after) / share[0], Task.WORKER, job, job.id(), speed, remaining, after);
    }
    if (job.canTake(Task.PS)) {
      double after = remaining / speed.epochsPerSlot(p + 1, w);
      double value = (now - after) / share[1];
      if (best == null || value >= best.value()) {
        best = new Entry(value, Task.PS, job, job.id(), speed, remaining, after);
      }
    }
    return best;
  }

  /**
   * The dominant share of the cluster of one worker and of one PS of each job's type, by type
   * ordinal.
   */
  private static double[][] shares(ClusterSpec cluster, List<? extends JobView> jobs) {
    double[][] shares = new double[JobType.MAX_TYPES][];
    for (JobView job : jobs) {
      JobType type = job.type();
      if (shares[type.ordinal()] == null) {
        shares[type.ordinal()] =
            new double[] {cluster.dominantShare(type, 1, 0), cluster.dominantShare(type, 0, 1)};
      }
    }
    return shares;
  }
}
