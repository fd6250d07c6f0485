package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.simulation.JobOrder;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Optimus as published (dl2-spec §6.6), without the speed model: it learns each job's speed from
 * the progress the job makes. A new job first runs one slot at each {@link #PROFILE}
 * configuration; then the Optimus form is fitted to everything observed so far by non-negative
 * least squares, and tasks go greedily to the largest remaining-time reduction per unit of the
 * task's dominant resource share. Every job first gets a worker and a PS, in id order; a failed
 * placement or a non-positive best value ends the slot (as in §6.5).
 */
public final class OptimusFitted implements Scheduler {
  /** (p, w) run for one slot each, in this order, before a job's speed is fitted (clipped to the job's caps). */
  public static final List<Config> PROFILE =
      List.of(new Config(8, 2), new Config(4, 2), new Config(2, 4), new Config(2, 2), new Config(1, 1));

  /** A configuration: parameter servers and workers. */
  public record Config(int numPs, int numWorkers) {}

  /** What a job held (both a worker and a PS) and its progress when the previous slot was scheduled. */
  private record Seen(Config config, double progress) {}

  /** A job done profiling, with its speed: looked up once per slot. */
  private record Profiled(JobView job, OptimusFittedSpeed speed) {}

  /** A task the greedy step may place, valued with the job's fitted speed, which it carries along. */
  private record Entry(double value, Task role, JobView job, OptimusFittedSpeed speed) {}

  /** Highest value first, then lowest id; written out, as the queue's hot path. */
  private static final Comparator<Entry> ORDER = (a, b) -> {
    int byValue = Double.compare(b.value(), a.value());
    return byValue != 0 ? byValue : Integer.compare(a.job().id(), b.job().id());
  };

  /** Outstanding jobs' speeds by id, made on first use; a job that left is forgotten. */
  private Map<Integer, OptimusFittedSpeed> speeds = new HashMap<>();
  /** The jobs that held a worker and a PS in the previous slot: only their progress says anything. */
  private Map<Integer, Seen> previous = new HashMap<>();
  private int previousSlot = -1;

  @Override
  public String name() {
    return "optimus-fitted";
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
    if (slot.slot() <= previousSlot) {
      previous = new HashMap<>(); // A new simulation: job ids mean other jobs now.
      speeds = new HashMap<>();
    }
    boolean consecutive = slot.slot() == previousSlot + 1;
    previousSlot = slot.slot();
    List<JobView> jobs = slot.jobs();
    speeds.keySet().removeIf(id -> find(jobs, id) == null);
    if (!consecutive) {
      return;
    }
    previous.forEach((id, seen) -> {
      JobView job = find(jobs, id);
      double epochs = job == null ? 0 : job.progress() - seen.progress();
      if (epochs > 0) {
        speed(id).observe(seen.config().numPs(), seen.config().numWorkers(), epochs);
      }
    });
  }

  private void remember(SlotContext slot) {
    previous = new HashMap<>();
    for (JobView job : slot.jobsWithTasks()) {
      if (job.parameterServers() > 0 && job.workers() > 0) {
        previous.put(job.id(), new Seen(new Config(job.parameterServers(), job.workers()), job.progress()));
      }
    }
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

  /** §6.6 step 2: the task with the largest remaining-time reduction per dominant share, until none helps. */
  private static void greedy(SlotContext slot, List<Profiled> profiled) {
    ClusterSpec cluster = slot.cluster().spec();
    PresortedQueue<Entry> queue = new PresortedQueue<>(ORDER, Collections.emptyIterator());
    for (Profiled job : profiled) {
      Entry best = best(cluster, job.job(), job.speed());
      if (best != null) {
        queue.add(best);
      }
    }
    while (!queue.isEmpty()) {
      Entry head = queue.poll();
      if (head.value() <= 0 || !slot.tryAdd(head.job(), head.role())) {
        return;
      }
      Entry next = best(cluster, head.job(), head.speed());
      if (next != null) {
        queue.add(next);
      }
    }
  }

  /** The job's better role below its caps (a PS wins ties), valued with its fitted speed; null if none. */
  private static Entry best(ClusterSpec cluster, JobView job, OptimusFittedSpeed speed) {
    int p = job.parameterServers();
    int w = job.workers();
    double remaining = job.epochs() - job.progress();
    double now = remaining / speed.epochsPerSlot(p, w);
    Entry best = null;
    if (job.canTake(Task.WORKER)) {
      double gain = now - remaining / speed.epochsPerSlot(p, w + 1);
      best = new Entry(gain / share(cluster, job, Task.WORKER), Task.WORKER, job, speed);
    }
    if (job.canTake(Task.PS)) {
      double gain = now - remaining / speed.epochsPerSlot(p + 1, w);
      double value = gain / share(cluster, job, Task.PS);
      if (best == null || value >= best.value()) {
        best = new Entry(value, Task.PS, job, speed);
      }
    }
    return best;
  }

  /** The task's dominant share of the whole cluster: max over resources of demand / total. */
  static double share(ClusterSpec cluster, JobView job, Task task) {
    Resources demand = job.type().demand(task);
    return Math.max((double) demand.cores() / cluster.totalCores(), (double) demand.gpus() / cluster.totalGpus());
  }
}
