package dl2.schedulers.typed;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.schedulers.OptimusRemaining;
import dl2.slot.ClusterView;
import dl2.slot.JobOrder;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A stronger greedy rule made heterogeneity-aware (Project: heterogeneous clusters,
 * docs/heuristics/heterogeneity-aware.md). A job spanning GPU types trains at its slowest worker's
 * pace, so each job's workers stay on one type. Each slot: the rule's counts on the pooled cluster
 * ({@link PooledCounts}); then, shortest remaining time first, each job takes the type its {@link
 * TypeChoice} scores highest with room for its workers (beyond those the jobs before it will add
 * there) and places a worker and a PS, so that every job starts before any grows; then each adds
 * the rest of its counts, its workers on its type's least-loaded nodes and its PSs (which compute
 * no gradients) on the least-loaded nodes of any type; then the rule's marginal-gain fill goes on
 * over what is left, each job on its type. Speeds are dry runs times what {@link TypeFactors}
 * believes of the type.
 */
public final class TypedGreedy implements Scheduler {
  private final String name;
  private final OptimusRemaining.Rank rank;
  private final TypeChoice choice;
  private final TypeFactors factors;

  TypedGreedy(String name, OptimusRemaining.Rank rank, TypeChoice choice, TypeFactors factors) {
    this.name = name;
    this.rank = rank;
    this.choice = choice;
    this.factors = factors;
  }

  /** {@code name} with the cluster's true factors: an oracle, so the name ends in -oracle. */
  public static TypedGreedy oracle(String name, OptimusRemaining.Rank rank, TypeChoice choice) {
    if (!name.endsWith("-oracle")) {
      throw new IllegalArgumentException("a rule that reads the true factors is named -oracle");
    }
    return new TypedGreedy(name, rank, choice, new OracleTypeFactors());
  }

  /** {@code name} with factors measured from observed progress. */
  public static TypedGreedy measured(String name, OptimusRemaining.Rank rank, TypeChoice choice) {
    return new TypedGreedy(name, rank, choice, new MeasuredTypeFactors());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean placesItsOwnTasks() {
    return true;
  }

  @Override
  public void schedule(SlotContext slot) {
    GpuTypeNodes nodes = GpuTypeNodes.of(slot.cluster());
    factors.startSlot(slot, nodes);
    double[] costs = TypeChoice.costs(factors, nodes.count());
    List<JobView> jobs = slot.jobs();
    TaskWorth worth = new TaskWorth(rank, slot);
    double[] preferred = new double[jobs.size()];
    for (int i = 0; i < jobs.size(); i++) {
      preferred[i] =
          factors.factor(jobs.get(i).type(), choice.preferred(jobs.get(i), factors, costs));
    }
    PooledCounts counts = PooledCounts.of(slot.cluster(), jobs, worth, preferred);
    int[] typeOf = new int[jobs.size()];
    Arrays.fill(typeOf, -1);
    List<Integer> order = shortestFirst(jobs, counts, worth, preferred);
    int[] reserved = new int[nodes.count()]; // workers the jobs before will add on each type
    for (int i : order) { // first a worker and a PS each, on the type chosen for all its workers
      JobView job = jobs.get(i);
      int type =
          choice.choose(
              job,
              counts.parameterServers[i],
              counts.workers[i],
              slot,
              nodes,
              factors,
              costs,
              reserved);
      if (type >= 0 && addWorker(slot, nodes, job, type)) {
        typeOf[i] = type;
        reserved[type] += counts.workers[i] - 1;
        addPs(slot, job);
      }
    }
    for (int i : order) { // then the rest of its counts
      if (typeOf[i] >= 0) {
        place(slot, nodes, jobs.get(i), typeOf[i], counts.parameterServers[i], counts.workers[i]);
      }
    }
    fillRest(slot, nodes, worth, costs, typeOf);
    factors.endSlot(slot, id -> typeOf[JobOrder.indexOfId(jobs, id)]);
  }

  /**
   * The jobs the counts gave a worker, by ascending remaining slots at their counts and preferred
   * type (ties by id): the shortest choose their type first, as SRPT gives them the fastest GPUs.
   */
  private static List<Integer> shortestFirst(
      List<JobView> jobs, PooledCounts counts, TaskWorth worth, double[] factors) {
    List<Integer> order = new ArrayList<>();
    double[] slots = new double[jobs.size()];
    for (int i = 0; i < jobs.size(); i++) {
      if (counts.workers[i] > 0 && counts.parameterServers[i] > 0) {
        JobView job = jobs.get(i);
        double remaining = Math.max(0, job.epochs() - job.progress());
        slots[i] =
            worth.remainingSlots(
                job, remaining, counts.parameterServers[i], counts.workers[i], factors[i]);
        order.add(i);
      }
    }
    order.sort(
        Comparator.<Integer>comparingDouble(i -> slots[i]).thenComparingInt(i -> jobs.get(i).id()));
    return order;
  }

  /** Adds workers of {@code job} on {@code type} and PSs, alternating, up to the counts. */
  private static void place(
      SlotContext slot, GpuTypeNodes nodes, JobView job, int type, int ps, int workers) {
    boolean moreWorkers = true;
    boolean morePs = true;
    while (moreWorkers || morePs) {
      moreWorkers = moreWorkers && job.workers() < workers && addWorker(slot, nodes, job, type);
      morePs = morePs && job.parameterServers() < ps && addPs(slot, job);
    }
  }

  private static boolean addWorker(SlotContext slot, GpuTypeNodes nodes, JobView job, int type) {
    int node = nodes.leastLoadedFitting(slot.cluster(), type, job.type().demand(Task.WORKER));
    return node != Placement.NOWHERE
        && job.canTake(Task.WORKER)
        && slot.tryAddOn(node, job, Task.WORKER);
  }

  private static boolean addPs(SlotContext slot, JobView job) {
    int node = slot.cluster().leastLoadedFitting(job.type().demand(Task.PS));
    return node != Placement.NOWHERE && job.canTake(Task.PS) && slot.tryAddOn(node, job, Task.PS);
  }

  /** A task one job may take next on its type, and its worth; by worth, then job id. */
  private record Offer(double value, Task role, int job, int id) {}

  private static final Comparator<Offer> ORDER =
      Comparator.comparingDouble(Offer::value).reversed().thenComparingInt(Offer::id);

  /**
   * The rule's marginal-gain fill over what is left: each job's better task that fits on its type
   * (a job without a type takes the type its choice scores highest for one worker); a value ≤ 0
   * ends the fill, a job with nothing that fits leaves it.
   */
  private void fillRest(
      SlotContext slot, GpuTypeNodes nodes, TaskWorth worth, double[] costs, int[] typeOf) {
    List<JobView> jobs = slot.jobs();
    PriorityQueue<Offer> queue = new PriorityQueue<>(ORDER);
    for (int i = 0; i < jobs.size(); i++) {
      offer(queue, slot, nodes, worth, costs, typeOf, i);
    }
    while (!queue.isEmpty()) {
      Offer head = queue.poll();
      if (head.value() <= 0) {
        return;
      }
      JobView job = jobs.get(head.job());
      boolean placed =
          head.role() == Task.WORKER
              ? addWorker(slot, nodes, job, typeOf[head.job()])
              : addPs(slot, job);
      if (placed) {
        offer(queue, slot, nodes, worth, costs, typeOf, head.job());
      }
    }
  }

  private void offer(
      PriorityQueue<Offer> queue,
      SlotContext slot,
      GpuTypeNodes nodes,
      TaskWorth worth,
      double[] costs,
      int[] typeOf,
      int i) {
    JobView job = slot.jobs().get(i);
    if (typeOf[i] < 0) {
      typeOf[i] = choice.choose(job, 1, 1, slot, nodes, factors, costs, new int[nodes.count()]);
      if (typeOf[i] < 0) {
        return;
      }
    }
    ClusterView cluster = slot.cluster();
    double factor = factors.factor(job.type(), typeOf[i]);
    int ps = job.parameterServers();
    int workers = job.workers();
    Resources workerDemand = job.type().demand(Task.WORKER);
    double worker =
        job.canTake(Task.WORKER)
                && nodes.leastLoadedFitting(cluster, typeOf[i], workerDemand) != Placement.NOWHERE
            ? worth.of(job, ps, workers, Task.WORKER, factor)
            : Double.NEGATIVE_INFINITY;
    double psWorth =
        job.canTake(Task.PS)
                && cluster.leastLoadedFitting(job.type().demand(Task.PS)) != Placement.NOWHERE
            ? worth.of(job, ps, workers, Task.PS, factor)
            : Double.NEGATIVE_INFINITY;
    if (Math.max(worker, psWorth) == Double.NEGATIVE_INFINITY) {
      return;
    }
    queue.add(
        psWorth >= worker
            ? new Offer(psWorth, Task.PS, i, job.id())
            : new Offer(worker, Task.WORKER, i, job.id()));
  }
}
