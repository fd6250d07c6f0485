package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.schedulers.OptimusFitted.Config;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * {@link OptimusFitted} as first written, kept as its reference: every slot it visits every
 * outstanding job to observe, and rebuilds its maps of all of them.
 * {@link IncrementalBaselinesTest} checks that both decide alike.
 */
final class PlainOptimusFitted implements Scheduler {
  private record Seen(int slot, Config config, double progress) {}

  private record Entry(double value, Task role, JobView job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingDouble(Entry::value).reversed().thenComparingInt(e -> e.job().id());

  private Map<Integer, OptimusFittedSpeed> speeds = new TreeMap<>();
  private Map<Integer, Seen> previous = new TreeMap<>();
  private int previousSlot = -1;

  @Override
  public String name() {
    return "optimus-fitted";
  }

  @Override
  public void schedule(SlotContext slot) {
    observe(slot);
    if (firstTasks(slot) && profile(slot)) {
      greedy(slot);
    }
    remember(slot);
  }

  /** Records last slot's progress of every job that held a worker and a PS; forgets finished jobs. */
  private void observe(SlotContext slot) {
    if (slot.slot() <= previousSlot) {
      previous = new TreeMap<>(); // A new simulation: job ids mean other jobs now.
      speeds = new TreeMap<>();
    }
    previousSlot = slot.slot();
    Map<Integer, OptimusFittedSpeed> outstanding = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      OptimusFittedSpeed speed = speeds.getOrDefault(job.id(), new OptimusFittedSpeed());
      Seen seen = previous.get(job.id());
      if (seen != null && seen.slot() == slot.slot() - 1 && seen.config().numPs() > 0 && seen.config().numWorkers() > 0) {
        double epochs = job.progress() - seen.progress();
        if (epochs > 0) {
          speed.observe(seen.config().numPs(), seen.config().numWorkers(), epochs);
        }
      }
      outstanding.put(job.id(), speed);
    }
    speeds = outstanding;
  }

  private void remember(SlotContext slot) {
    previous = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      previous.put(job.id(), new Seen(slot.slot(), new Config(job.parameterServers(), job.workers()), job.progress()));
    }
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
  private boolean profile(SlotContext slot) {
    for (JobView job : slot.jobs()) {
      Optional<Config> target = profilingTarget(job, slot.taskCap());
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

  private Optional<Config> profilingTarget(JobView job, int cap) {
    return speeds.get(job.id()).firstUnobserved(OptimusFitted.PROFILE, cap);
  }

  /** §6.6 step 2: the task with the largest remaining-time reduction per dominant share, until none helps. */
  private void greedy(SlotContext slot) {
    PriorityQueue<Entry> queue = new PriorityQueue<>(ORDER);
    for (JobView job : slot.jobs()) {
      if (profilingTarget(job, slot.taskCap()).isEmpty()) {
        best(slot, job).ifPresent(queue::add);
      }
    }
    while (!queue.isEmpty()) {
      Entry head = queue.poll();
      if (head.value() <= 0 || !slot.tryAdd(head.job(), head.role())) {
        return;
      }
      best(slot, head.job()).ifPresent(queue::add);
    }
  }

  /** The job's better role below the cap (a PS wins ties), valued with its fitted speed. */
  private Optional<Entry> best(SlotContext slot, JobView job) {
    OptimusFittedSpeed speed = speeds.get(job.id());
    int p = job.parameterServers();
    int w = job.workers();
    double remaining = job.epochs() - job.progress();
    double now = remaining / speed.epochsPerSlot(p, w);
    ClusterSpec cluster = slot.cluster().spec();
    Optional<Entry> best = Optional.empty();
    if (w < slot.taskCap()) {
      double gain = now - remaining / speed.epochsPerSlot(p, w + 1);
      best = Optional.of(new Entry(gain / share(cluster, job, Task.WORKER), Task.WORKER, job));
    }
    if (p < slot.taskCap()) {
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
