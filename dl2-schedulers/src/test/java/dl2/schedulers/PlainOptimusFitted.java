package dl2.schedulers;

import dl2.model.ClusterSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.schedulers.OptimusFitted.Config;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@link OptimusFitted} as first written, kept as its reference: every slot it visits every
 * outstanding job to observe its progress and rebuilds its maps of all of them; the allocation
 * looks each job's speed up at every use, queues with a composed comparator and values with {@link
 * OptimusFittedSpeed#features}. Only the fitted θ is shared. {@link IncrementalBaselinesTest}
 * checks that both decide alike.
 */
final class PlainOptimusFitted implements Scheduler {
  private record Seen(int slot, Config config, double progress) {}

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
    allocate(slot, job -> speeds.get(job.id()));
    remember(slot);
  }

  private void observe(SlotContext slot) {
    if (slot.slot() <= previousSlot) {
      previous = new TreeMap<>();
      speeds = new TreeMap<>();
    }
    previousSlot = slot.slot();
    Map<Integer, OptimusFittedSpeed> outstanding = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      OptimusFittedSpeed speed = speeds.getOrDefault(job.id(), new OptimusFittedSpeed());
      Seen seen = previous.get(job.id());
      if (seen != null
          && seen.slot() == slot.slot() - 1
          && seen.config().numPs() > 0
          && seen.config().numWorkers() > 0) {
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
      previous.put(
          job.id(),
          new Seen(slot.slot(), new Config(job.parameterServers(), job.workers()), job.progress()));
    }
  }

  private record Entry(double value, Task role, JobView job) {}

  private static final Comparator<Entry> ORDER =
      Comparator.comparingDouble(Entry::value).reversed().thenComparingInt(e -> e.job().id());

  /** Steps 1 and 2 of §6.6 on the slot's jobs, each with the speed {@code speedOf} knows for it. */
  static void allocate(SlotContext slot, Function<JobView, OptimusFittedSpeed> speedOf) {
    if (firstTasks(slot) && profile(slot, speedOf)) {
      greedy(slot, speedOf);
    }
  }

  private static boolean firstTasks(SlotContext slot) {
    for (JobView job : slot.jobs()) {
      if (!slot.tryAdd(job, Task.WORKER) || !slot.tryAdd(job, Task.PS)) {
        return false;
      }
    }
    return true;
  }

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

  private static Optional<Config> profilingTarget(JobView job, OptimusFittedSpeed speed) {
    return OptimusFitted.PROFILE.stream()
        .map(
            c ->
                new Config(
                    Math.min(c.numPs(), job.maxParameterServers()),
                    Math.min(c.numWorkers(), job.maxWorkers())))
        .filter(c -> !speed.observed(c.numPs(), c.numWorkers()))
        .findFirst();
  }

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

  private static Optional<Entry> best(SlotContext slot, JobView job, OptimusFittedSpeed speed) {
    int p = job.parameterServers();
    int w = job.workers();
    double remaining = job.epochs() - job.progress();
    double now = remaining / epochsPerSlot(speed, p, w);
    ClusterSpec cluster = slot.cluster().spec();
    Optional<Entry> best = Optional.empty();
    if (job.canTake(Task.WORKER)) {
      double gain = now - remaining / epochsPerSlot(speed, p, w + 1);
      best = Optional.of(new Entry(gain / share(cluster, job, Task.WORKER), Task.WORKER, job));
    }
    if (job.canTake(Task.PS)) {
      double gain = now - remaining / epochsPerSlot(speed, p + 1, w);
      Entry ps = new Entry(gain / share(cluster, job, Task.PS), Task.PS, job);
      if (best.isEmpty() || ps.value() >= best.get().value()) {
        best = Optional.of(ps);
      }
    }
    return best;
  }

  private static double epochsPerSlot(OptimusFittedSpeed speed, int numPs, int numWorkers) {
    double[] k = speed.coefficients();
    double[] x = OptimusFittedSpeed.features(numPs, numWorkers);
    double inverse = 0;
    for (int j = 0; j < x.length; j++) {
      inverse += k[j] * x[j];
    }
    return 1 / inverse;
  }

  private static double share(ClusterSpec cluster, JobView job, Task task) {
    Resources demand = job.type().demand(task);
    return Math.max(
        (double) demand.cores() / cluster.totalCores(),
        (double) demand.gpus() / cluster.totalGpus());
  }
}
