package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.simulation.JobOrder;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.Function;

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

  private record Entry(double value, Task role, JobView job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingDouble(Entry::value).reversed().thenComparingInt(e -> e.job().id());

  /** Outstanding jobs' speeds by id, made on first use; a job that left is forgotten. */
  private Map<Integer, OptimusFittedSpeed> speeds = new TreeMap<>();
  /** The jobs that held a worker and a PS in the previous slot: only their progress says anything. */
  private Map<Integer, Seen> previous = new TreeMap<>();
  private int previousSlot = -1;

  @Override
  public String name() {
    return "optimus-fitted";
  }

  @Override
  public void schedule(SlotContext slot) {
    observe(slot);
    allocate(slot, job -> speed(job.id()));
    remember(slot);
  }

  /** Steps 1 and 2 of §6.6 on the slot's jobs, each with the speed {@code speedOf} knows for it. */
  static void allocate(SlotContext slot, Function<JobView, OptimusFittedSpeed> speedOf) {
    if (firstTasks(slot) && profile(slot, speedOf)) {
      greedy(slot, speedOf);
    }
  }

  /**
   * Records last slot's progress of every job that held a worker and a PS; forgets finished jobs.
   * Only jobs that held tasks are visited, so a long queue of waiting jobs costs nothing here.
   */
  private void observe(SlotContext slot) {
    if (slot.slot() <= previousSlot) {
      previous = new TreeMap<>(); // A new simulation: job ids mean other jobs now.
      speeds = new TreeMap<>();
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
    previous = new TreeMap<>();
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

  /** Brings every job still being profiled up to its next profiling configuration; false once a placement fails. */
  private static boolean profile(SlotContext slot, Function<JobView, OptimusFittedSpeed> speedOf) {
    for (JobView job : slot.jobs()) {
      Optional<Config> target = profilingTarget(job, speedOf.apply(job));
      if (target.isEmpty()) {
        continue;
      }
      while (job.workers() < target.get().numWorkers()) {
        if (!slot.tryAdd(job, Task.WORKER)) {
          return false;
        }
      }
      while (job.parameterServers() < target.get().numPs()) {
        if (!slot.tryAdd(job, Task.PS)) {
          return false;
        }
      }
    }
    return true;
  }

  /** The next profiling configuration of {@code job}, clipped to its caps; empty once profiled. */
  private static Optional<Config> profilingTarget(JobView job, OptimusFittedSpeed speed) {
    return speed.firstUnobserved(PROFILE, job.maxParameterServers(), job.maxWorkers());
  }

  /** §6.6 step 2: the task with the largest remaining-time reduction per dominant share, until none helps. */
  private static void greedy(SlotContext slot, Function<JobView, OptimusFittedSpeed> speedOf) {
    PriorityQueue<Entry> queue = new PriorityQueue<>(ORDER);
    for (JobView job : slot.jobs()) {
      if (profilingTarget(job, speedOf.apply(job)).isEmpty()) {
        best(slot, job, speedOf.apply(job)).ifPresent(queue::add);
      }
    }
    while (!queue.isEmpty()) {
      Entry head = queue.poll();
      if (head.value() <= 0 || !slot.tryAdd(head.job(), head.role())) {
        return;
      }
      best(slot, head.job(), speedOf.apply(head.job())).ifPresent(queue::add);
    }
  }

  /** The job's better role below its caps (a PS wins ties), valued with its fitted speed. */
  private static Optional<Entry> best(SlotContext slot, JobView job, OptimusFittedSpeed speed) {
    int p = job.parameterServers();
    int w = job.workers();
    double remaining = job.epochs() - job.progress();
    double now = remaining / speed.epochsPerSlot(p, w);
    ClusterSpec cluster = slot.cluster().spec();
    Optional<Entry> best = Optional.empty();
    if (job.canTake(Task.WORKER)) {
      double gain = now - remaining / speed.epochsPerSlot(p, w + 1);
      best = Optional.of(new Entry(gain / share(cluster, job, Task.WORKER), Task.WORKER, job));
    }
    if (job.canTake(Task.PS)) {
      double gain = now - remaining / speed.epochsPerSlot(p + 1, w);
      Entry ps = new Entry(gain / share(cluster, job, Task.PS), Task.PS, job);
      if (best.isEmpty() || ps.value() >= best.get().value()) {
        best = Optional.of(ps);
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
