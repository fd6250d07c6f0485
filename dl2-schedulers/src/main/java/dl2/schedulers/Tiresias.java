package dl2.schedulers;

import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.RunBoundary;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tiresias' discretised two-dimensional least-attained-service (Gu et al., NSDI'19) for elastic
 * jobs, without job lengths or a speed model: jobs are ordered by queue (attained service in
 * task-slots, cut at thresholds), then arrival, then id, and every job in that order is brought up
 * to each shape of a ladder in turn, so that each larger shape goes to the least-served jobs first;
 * a failed placement ends the slot.
 */
public final class Tiresias implements Scheduler {
  /**
   * @param thresholdsTaskSlots ascending service thresholds: a job with service below the first is
   *     in queue 0, between the first and second in queue 1, and so on
   * @param levels growing shapes: every job is brought up to the first in priority order, then
   *     every job up to the second, and so on, while placements succeed
   * @param starvationKnob a job that has waited at least this many times the slots it has run (and
   *     at least one slot) moves to queue 0 until it runs; 0 turns the guard off
   */
  public record Config(
      List<Double> thresholdsTaskSlots, List<Shape> levels, double starvationKnob) {
    public Config {
      thresholdsTaskSlots = List.copyOf(thresholdsTaskSlots);
      levels = List.copyOf(levels);
      if (levels.isEmpty()) {
        throw new IllegalArgumentException("Tiresias needs at least one shape");
      }
    }
  }

  /** Workers and PSs of a job, each clipped to the cap ({@link Integer#MAX_VALUE}: the cap). */
  public record Shape(int workers, int parameterServers) {
    public Shape {
      if (workers < 1 || parameterServers < 1) {
        throw new IllegalArgumentException("a Tiresias job needs at least one worker and one PS");
      }
    }
  }

  /**
   * The configuration {@code tiresias} ships with, chosen on validation traces (docs/heuristics/).
   */
  public static final Config SHIPPED =
      new Config(
          List.of(16.0, 128.0),
          List.of(
              new Shape(1, 1),
              new Shape(1, 2),
              new Shape(2, 4),
              new Shape(2, 8),
              new Shape(2, 16),
              new Shape(2, Integer.MAX_VALUE)),
          0);

  private record Service(double taskSlots, int lastRunSlot) {}

  private record Ranked(int queue, JobView job) {}

  private static final Comparator<Ranked> PRIORITY =
      Comparator.comparingInt(Ranked::queue)
          .thenComparingInt(r -> r.job().arrivalSlot())
          .thenComparingInt(r -> r.job().id());

  private final Config config;
  private Map<Integer, Service> services = new TreeMap<>();
  private final RunBoundary runs = new RunBoundary();

  public Tiresias() {
    this(SHIPPED);
  }

  public Tiresias(Config config) {
    this.config = config;
  }

  @Override
  public String name() {
    return "tiresias";
  }

  @Override
  public void schedule(SlotContext slot) {
    if (runs.startsNewRun(slot.slot())) {
      services = new TreeMap<>(); // A new simulation: job ids mean other jobs now.
    }
    List<JobView> order =
        slot.jobs().stream()
            .map(job -> new Ranked(queue(job, slot.slot()), job))
            .sorted(PRIORITY)
            .map(Ranked::job)
            .toList();
    for (Shape level : config.levels()) {
      if (!allocate(slot, order, level)) {
        break;
      }
    }
    remember(slot);
  }

  /**
   * The job's queue: 0 while it starves (if the guard is on), else the number of thresholds its
   * service has reached.
   */
  private int queue(JobView job, int now) {
    Service service = services.getOrDefault(job.id(), new Service(0, job.arrivalSlot() - 1));
    if (config.starvationKnob() > 0) {
      int waited = now - service.lastRunSlot() - 1;
      if (waited >= 1 && waited >= config.starvationKnob() * job.slotsRun()) {
        return 0;
      }
    }
    int queue = 0;
    while (queue < config.thresholdsTaskSlots().size()
        && service.taskSlots() >= config.thresholdsTaskSlots().get(queue)) {
      queue++;
    }
    return queue;
  }

  /**
   * Brings each job in order up to {@code shape}: bundles while both roles are short, then the
   * missing workers or PSs; false once a placement fails.
   */
  public static boolean allocate(SlotContext slot, List<JobView> order, Shape shape) {
    for (JobView job : order) {
      int workers = Math.min(shape.workers(), job.maxWorkers());
      int parameterServers = Math.min(shape.parameterServers(), job.maxParameterServers());
      while (job.workers() < workers || job.parameterServers() < parameterServers) {
        Task task =
            job.workers() >= workers
                ? Task.PS
                : job.parameterServers() >= parameterServers ? Task.WORKER : Task.BUNDLE;
        if (!slot.tryAdd(job, task)) {
          return false;
        }
      }
    }
    return true;
  }

  /** Adds this slot's tasks to each outstanding job's service; forgets finished jobs. */
  private void remember(SlotContext slot) {
    Map<Integer, Service> next = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      Service before = services.getOrDefault(job.id(), new Service(0, job.arrivalSlot() - 1));
      int tasks = job.workers() + job.parameterServers();
      next.put(job.id(), tasks > 0 ? new Service(before.taskSlots() + tasks, slot.slot()) : before);
    }
    services = next;
  }
}
