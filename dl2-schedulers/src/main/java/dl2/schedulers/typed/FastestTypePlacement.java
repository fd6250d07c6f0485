package dl2.schedulers.typed;

import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code fastest-type}: a placement for any heterogeneity-blind rule (the rule decides counts) that
 * keeps each job's workers on one GPU type. A job's first worker goes to the type it trains fastest
 * on among those with room (ties to the cheaper type, then the one listed first), every later
 * worker to the least-loaded node of that type that fits, or nowhere once the type is full; PSs,
 * which compute no gradients, to the least-loaded node of any type that fits. What it believes of
 * the types comes from {@link TypeFactors}: measured from observed progress, or the cluster's true
 * factors for {@code fastest-type-oracle}.
 */
public final class FastestTypePlacement implements Placement {
  public static final String NAME = "fastest-type";
  public static final String ORACLE_NAME = "fastest-type-oracle";

  private final String name;
  private final TypeFactors factors;
  private GpuTypeNodes nodes;
  private double[] costs;

  private FastestTypePlacement(String name, TypeFactors factors) {
    this.name = name;
    this.factors = factors;
  }

  /** With factors measured from observed progress. */
  public static FastestTypePlacement measured() {
    return new FastestTypePlacement(NAME, new MeasuredTypeFactors());
  }

  /** With the cluster's true factors: an oracle. */
  public static FastestTypePlacement oracle() {
    return new FastestTypePlacement(ORACLE_NAME, new OracleTypeFactors());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void startSlot(ObservedSlot slot) {
    nodes = GpuTypeNodes.of(slot.cluster());
    factors.startSlot(slot, nodes);
    costs = TypeChoice.costs(factors, nodes.count());
  }

  @Override
  public int nodeFor(JobView job, Task task, PlacementView view) {
    ClusterView cluster = view.cluster();
    if (task == Task.PS) {
      return cluster.leastLoadedFitting(job.type().demand(task));
    }
    int type = typeOfWorkers(job, view);
    if (type < 0) {
      type = fastestWithRoom(job, cluster);
    }
    return type < 0 ? NOWHERE : nodes.leastLoadedFitting(cluster, type, job.type().demand(task));
  }

  /** The type of {@code job}'s workers so far in this slot; -1 without one. */
  private int typeOfWorkers(JobView job, PlacementView view) {
    for (int i = 0; i < view.nodesOf(job); i++) {
      int node = view.nodeOf(job, i);
      if (view.workersOf(job, node) > 0) {
        return nodes.typeOf(node);
      }
    }
    return -1;
  }

  private int fastestWithRoom(JobView job, ClusterView cluster) {
    int best = -1;
    for (int t = 0; t < nodes.count(); t++) {
      if (nodes.room(cluster, t, job.type().demand(Task.WORKER), 1) == 0) {
        continue;
      }
      double factor = factors.factor(job.type(), t);
      if (best < 0
          || factor > factors.factor(job.type(), best)
          || (factor == factors.factor(job.type(), best) && costs[t] < costs[best])) {
        best = t;
      }
    }
    return best;
  }

  @Override
  public void endSlot(ObservedSlot slot, PlacementView view) {
    Map<Integer, Integer> typeOf = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      typeOf.put(job.id(), typeOfWorkers(job, view));
    }
    factors.endSlot(slot, typeOf::get);
  }
}
