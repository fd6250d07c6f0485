package dl2.learning.state;

import dl2.learning.speeds.ClusterGpuTypes;
import dl2.slot.ClusterView;
import dl2.slot.PlacementView;

/**
 * The typed encoding's global features ({@link TypedEncoding}), after the columns: for each of the
 * cluster's GPU types in node order, the share of its GPUs that are free and its share of the
 * cluster's GPUs; 0 for a type the cluster lacks. Why global: a worker task changes its type's free
 * GPUs, and as a column feature that sent every column of the type through the per-column embedding
 * again at every decision (32 µs a decision on gavel-dense, docs/heterogeneous-clusters.md); the
 * network's context reads global features once per decision.
 */
final class TypedGlobals {
  /** Global features: two per type the encoding tells apart. */
  static final int COUNT = 2 * TypedKind.MAX_TYPES;

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
    for (int node = 0; node < types.nodeCount(); node++) { // one pass: this runs at every decision
      int type = types.typeOf(node);
      if (type < TypedKind.MAX_TYPES) {
        free[type] += gpusPerNode - cluster.used(node).gpus();
      }
    }
    int totalGpus = gpusPerNode * types.nodeCount();
    for (int type = 0; type < types.count() && type < TypedKind.MAX_TYPES; type++) {
      out[2 * type] = (double) free[type] / types.gpus(type);
      out[2 * type + 1] = (double) types.gpus(type) / totalGpus;
    }
  }
}
