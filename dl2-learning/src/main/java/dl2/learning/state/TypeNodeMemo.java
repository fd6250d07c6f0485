package dl2.learning.state;

import dl2.learning.speeds.ClusterGpuTypes;
import dl2.model.Resources;
import dl2.slot.ClusterView;
import dl2.slot.Placement;

/**
 * The least-loaded node of each GPU type for each demand, remembered through one slot so that the
 * typed encoding's columns do not scan every node at each decision. Within a slot tasks are only
 * added, so loads only grow: a remembered node whose load has not moved is still the least loaded
 * of its type (every other node's load could only grow), and a demand nothing fitted still fits
 * nowhere. Cleared at every slot's start. Not thread-safe; one per encoding.
 */
final class TypeNodeMemo {
  private static final int MAX_MEMO = 64; // distinct (demand, type) pairs asked in a slot

  private final long[] keys = new long[MAX_MEMO];
  private final int[] nodes = new int[MAX_MEMO];
  private final double[] loads = new double[MAX_MEMO];
  private int size;

  /** A slot starts: nodes may have freed up since the last. */
  void clear() {
    size = 0;
  }

  /** {@link TypedKind#leastLoadedOfType}, remembered. */
  int leastLoaded(int type, Resources demand, ClusterView cluster, ClusterGpuTypes types) {
    long key = ((long) demand.cores() << 40) | ((long) demand.gpus() << 8) | type;
    for (int m = 0; m < size; m++) {
      if (keys[m] == key) {
        int node = nodes[m];
        if (node == Placement.NOWHERE
            || (cluster.load(node) == loads[m] && cluster.fits(node, demand))) {
          return node;
        }
        nodes[m] = TypedKind.leastLoadedOfType(type, demand, cluster, types);
        loads[m] = nodes[m] == Placement.NOWHERE ? 0 : cluster.load(nodes[m]);
        return nodes[m];
      }
    }
    int node = TypedKind.leastLoadedOfType(type, demand, cluster, types);
    if (size < MAX_MEMO) {
      keys[size] = key;
      nodes[size] = node;
      loads[size] = node == Placement.NOWHERE ? 0 : cluster.load(node);
      size++;
    }
    return node;
  }
}
