package dl2.learning.state;

import dl2.learning.speeds.ClusterGpuTypes;
import dl2.slot.ClusterView;
import dl2.slot.PlacementView;

/**
 * The typed encoding's global features ({@link TypedEncoding}), after the columns: for each of the
 * cluster's GPU types in node order, the share of its GPUs that are free, its share of the
 * cluster's GPUs and how crowded its least-loaded node is (the tasks of every job there, as {@link
 * PlacedFeatures#log}; ties to the lower node); 0 for a type the cluster lacks. Why global: a task
 * changes its type's free GPUs and, mostly, which node of the type is least loaded and how crowded
 * that is; as column features they sent every column of the type through the per-column embedding
 * again at every decision (docs/heterogeneous-clusters.md), and the network's context reads global
 * features once per decision.
 */
final class TypedGlobals {
  /** Features per type the encoding tells apart. */
  static final int PER_TYPE = 3;

  /** Global features. */
  static final int COUNT = PER_TYPE * TypedKind.MAX_TYPES;

  private TypedGlobals() {}

  /** Writes the features into {@code out[0..COUNT)} (all 0 before the slot names the types). */
  static void encode(PlacementView view, ClusterGpuTypes types, double[] out) {
    java.util.Arrays.fill(out, 0, COUNT, 0);
    if (types == null) {
      return;
    }
    ClusterView cluster = view.cluster();
    int gpusPerNode = cluster.nodeCapacity().gpus();
    int[] free = new int[TypedKind.MAX_TYPES];
    int[] leastLoaded = new int[TypedKind.MAX_TYPES];
    double[] leastLoad = new double[TypedKind.MAX_TYPES];
    java.util.Arrays.fill(leastLoad, Double.POSITIVE_INFINITY);
    for (int node = 0; node < types.nodeCount(); node++) { // one pass: this runs at every decision
      int type = types.typeOf(node);
      if (type < TypedKind.MAX_TYPES) {
        free[type] += gpusPerNode - cluster.used(node).gpus();
        double load = cluster.load(node);
        if (load < leastLoad[type]) {
          leastLoad[type] = load;
          leastLoaded[type] = node;
        }
      }
    }
    int totalGpus = gpusPerNode * types.nodeCount();
    for (int type = 0; type < types.count() && type < TypedKind.MAX_TYPES; type++) {
      int at = PER_TYPE * type;
      out[at] = (double) free[type] / types.gpus(type);
      out[at + 1] = (double) types.gpus(type) / totalGpus;
      out[at + 2] = PlacedFeatures.log(view.tasksOn(leastLoaded[type]));
    }
  }
}
