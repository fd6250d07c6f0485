package dl2.slot;

import dl2.model.ClusterSpec;
import dl2.model.Resources;

/** Read-only view of node usage during one slot's scheduling (dl2-spec §2.1, §2.3). */
public interface ClusterView {
  int nodeCount();

  /** Capacity of every node (nodes are identical). */
  Resources nodeCapacity();

  Resources used(int node);

  /** load(n) = Σ_r used_{n,r}/cap_r, the key of least-loaded placement. */
  double load(int node);

  /** True iff {@code demand} fits in what is left on {@code node}. */
  boolean fits(int node, Resources demand);

  /** The cluster's shape as a spec. */
  default ClusterSpec spec() {
    return new ClusterSpec(nodeCount(), nodeCapacity().cores(), nodeCapacity().gpus());
  }

  /**
   * The name of {@code node}'s GPU type, as a cluster labels its nodes (public on Kubernetes); not
   * its speed factors, which only the world knows (a scheduler that reads them is an oracle).
   */
  default String gpuTypeName(int node) {
    return spec().gpuType(node).name();
  }

  /** The node the next least-loaded request goes to: minimum load, ties to the lower index. */
  int leastLoadedNode();

  /**
   * The least-loaded node {@code demand} fits on, ties to the lower index; {@link
   * Placement#NOWHERE} if none.
   */
  default int leastLoadedFitting(Resources demand) {
    int head = leastLoadedNode();
    if (fits(head, demand)) {
      return head; // the least-loaded node overall, ties to the lower index: no scan needed
    }
    int best = Placement.NOWHERE;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node = 0; node < nodeCount(); node++) {
      if (fits(node, demand) && load(node) < bestLoad) {
        best = node;
        bestLoad = load(node);
      }
    }
    return best;
  }
}
