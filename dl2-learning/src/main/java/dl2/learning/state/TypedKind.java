package dl2.learning.state;

import dl2.learning.speeds.ClusterGpuTypes;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.Placement;
import dl2.slot.PlacementView;

/**
 * Where the typed encoding's columns send a task ({@link TypedEncoding}): each window job has
 * {@link #COUNT} columns, the first beside its own tasks ({@link NodeKind#BESIDE_OWN}), then one
 * per GPU type of the cluster in node order, each sending the task to the least-loaded node of that
 * type it fits on (ties to the lower index). A column without a node (no room on the type, or a
 * type the cluster lacks) is masked.
 */
final class TypedKind {
  /** GPU types the encoding tells apart: a column each. */
  static final int MAX_TYPES = 3;

  /** Columns per window job. */
  static final int COUNT = 1 + MAX_TYPES;

  private TypedKind() {}

  /** The GPU type index of column {@code column}, or -1 for the beside-own column. */
  static int typeOfColumn(int column) {
    return column % COUNT - 1;
  }

  /**
   * The node column {@code column} sends one more {@code task} of {@code job} to, or nowhere
   * ({@code memo} remembers the answers of the slot).
   */
  static int nodeFor(
      int column,
      JobView job,
      Task task,
      PlacementView view,
      ClusterGpuTypes types,
      TypeNodeMemo memo) {
    int type = typeOfColumn(column);
    if (type < 0) {
      return NodeKind.BESIDE_OWN.nodeFor(job, task, view);
    }
    if (types == null || type >= types.count()) {
      return Placement.NOWHERE;
    }
    return memo.leastLoaded(type, job.type().demand(task), view.cluster(), types);
  }

  /** The least-loaded node of type {@code type} that {@code demand} fits on, or nowhere. */
  static int leastLoadedOfType(
      int type, Resources demand, ClusterView cluster, ClusterGpuTypes types) {
    int best = Placement.NOWHERE;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node = 0; node < types.nodeCount(); node++) {
      if (types.typeOf(node) == type && cluster.fits(node, demand)) {
        double load = cluster.load(node);
        if (load < bestLoad) {
          best = node;
          bestLoad = load;
        }
      }
    }
    return best;
  }

  /** Free GPUs on the nodes of type {@code type}. */
  static int freeGpus(int type, ClusterView cluster, ClusterGpuTypes types) {
    int gpusPerNode = cluster.nodeCapacity().gpus();
    int free = 0;
    for (int node = 0; node < types.nodeCount(); node++) {
      if (types.typeOf(node) == type) {
        free += gpusPerNode - cluster.used(node).gpus();
      }
    }
    return free;
  }
}
