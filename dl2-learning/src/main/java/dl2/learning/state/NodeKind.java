package dl2.learning.state;

import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.LocalPairs;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/**
 * Which kind of node the placed encoding's actions send a task to ({@link PlacedEncoding}): each
 * window job has one column per kind, so the policy chooses where as well as how many. Every kind
 * returns a node the task fits on, or {@link Placement#NOWHERE} (the action is then masked); the
 * slot's own checks still decide the add. Ties go to the lower node index.
 */
public enum NodeKind {
  /**
   * The job's own node that fits and gains most worker–PS pairs, then holds most of its tasks (the
   * {@code fewest-nodes} rule on its own nodes only); nowhere if it has no node that fits.
   */
  BESIDE_OWN,
  /** The node that fits with the fewest tasks of other jobs, then the least loaded. */
  LEAST_CROWDED,
  /** The least-loaded node that fits (today's rule, but trying every node that fits). */
  LEAST_LOADED;

  private static final NodeKind[] KINDS = values();

  /**
   * The kind of column {@code column} of the placed window: columns go job by job, one per kind.
   */
  public static NodeKind ofColumn(int column) {
    return KINDS[column % KINDS.length];
  }

  /** How many kinds, hence columns per job. */
  public static int count() {
    return KINDS.length;
  }

  /**
   * The node this kind sends one more {@code task} of {@code job} to, or {@link Placement#NOWHERE}.
   */
  public int nodeFor(JobView job, Task task, PlacementView view) {
    Resources demand = job.type().demand(task);
    return switch (this) {
      case BESIDE_OWN -> besideOwn(job, task, demand, view);
      case LEAST_CROWDED -> leastCrowded(job, demand, view);
      case LEAST_LOADED -> view.cluster().leastLoadedFitting(demand);
    };
  }

  /**
   * The first kind that sends {@code task} to {@code node} (a teacher's choice as a label), or null
   * if no kind would choose it.
   */
  public static NodeKind choosing(int node, JobView job, Task task, PlacementView view) {
    for (NodeKind kind : KINDS) {
      if (kind.nodeFor(job, task, view) == node) {
        return kind;
      }
    }
    return null;
  }

  private static int besideOwn(JobView job, Task task, Resources demand, PlacementView view) {
    LocalPairs best = new LocalPairs();
    for (int i = 0; i < view.nodesOf(job); i++) {
      int node = view.nodeOf(job, i);
      if (view.cluster().fits(node, demand)) {
        best.offer(node, task, view.workersOf(job, node), view.parameterServersOf(job, node));
      }
    }
    return best.node();
  }

  private static int leastCrowded(JobView job, Resources demand, PlacementView view) {
    ClusterView cluster = view.cluster();
    int best = Placement.NOWHERE;
    int bestForeign = Integer.MAX_VALUE;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node = 0; node < cluster.nodeCount(); node++) {
      if (!cluster.fits(node, demand)) {
        continue;
      }
      int foreign = view.foreignTasksOn(node, job);
      double load = cluster.load(node);
      if (foreign < bestForeign || (foreign == bestForeign && load < bestLoad)) {
        best = node;
        bestForeign = foreign;
        bestLoad = load;
      }
    }
    return best;
  }
}
