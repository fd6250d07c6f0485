package dl2.slot;

import dl2.model.ClusterSpec;
import dl2.model.Resources;

/**
 * Mutable per-node usage with the least-loaded queue; cleared at the start of every slot. Public so
 * a live cluster places tasks by the same rule.
 */
public final class ClusterState implements ClusterView {
  private final ClusterSpec spec;
  private final Resources capacity;
  private final int[] usedCores;
  private final int[] usedGpus;
  private final LeastLoadedQueue queue;
  private int totalUsedCores;
  private int totalUsedGpus;

  public ClusterState(ClusterSpec spec) {
    this.spec = spec;
    this.capacity = new Resources(spec.coresPerNode(), spec.gpusPerNode());
    this.usedCores = new int[spec.nodes()];
    this.usedGpus = new int[spec.nodes()];
    this.queue = new LeastLoadedQueue(spec);
  }

  public void clear() {
    java.util.Arrays.fill(usedCores, 0);
    java.util.Arrays.fill(usedGpus, 0);
    totalUsedCores = 0;
    totalUsedGpus = 0;
    queue.reset();
  }

  /** Takes {@code demand} on {@code node} if it fits there; false, changing nothing, if not. */
  public boolean allocateIfFits(int node, Resources demand) {
    if (!fits(node, demand)) {
      return false;
    }
    allocate(node, demand);
    return true;
  }

  /** Takes {@code demand} on {@code node}; the caller has checked that it fits. */
  public void allocate(int node, Resources demand) {
    usedCores[node] += demand.cores();
    usedGpus[node] += demand.gpus();
    totalUsedCores += demand.cores();
    totalUsedGpus += demand.gpus();
    queue.update(node, usedCores[node], usedGpus[node]);
  }

  @Override
  public ClusterSpec spec() {
    return spec;
  }

  /** Cores in use over the whole cluster. */
  public int usedCores() {
    return totalUsedCores;
  }

  /** GPUs in use over the whole cluster. */
  public int usedGpus() {
    return totalUsedGpus;
  }

  public double cpuUtilisation() {
    return (double) totalUsedCores / spec.totalCores();
  }

  public double gpuUtilisation() {
    return (double) totalUsedGpus / spec.totalGpus();
  }

  @Override
  public int nodeCount() {
    return spec.nodes();
  }

  @Override
  public Resources nodeCapacity() {
    return capacity;
  }

  @Override
  public Resources used(int node) {
    return new Resources(usedCores[node], usedGpus[node]);
  }

  @Override
  public double load(int node) {
    return load(spec, usedCores[node], usedGpus[node]);
  }

  /**
   * The load of a node of {@code spec} using {@code cores} and {@code gpus}: the one formula of the
   * queue's order.
   */
  static double load(ClusterSpec spec, int cores, int gpus) {
    return (double) cores / spec.coresPerNode() + (double) gpus / spec.gpusPerNode();
  }

  @Override
  public boolean fits(int node, Resources demand) {
    return usedCores[node] + demand.cores() <= spec.coresPerNode()
        && usedGpus[node] + demand.gpus() <= spec.gpusPerNode();
  }

  @Override
  public int leastLoadedNode() {
    return queue.head();
  }

  /**
   * The least-loaded node among those {@code demand} fits on, ties to the lower index; -1 if it
   * fits nowhere. What a scheduler that filters nodes before scoring them (kube-scheduler, Volcano)
   * picks; a scan of every node, for the places that need it, not the simulator's slot.
   */
  public int leastLoadedNodeFitting(Resources demand) {
    int best = -1;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node = 0; node < spec.nodes(); node++) {
      if (fits(node, demand) && load(node) < bestLoad) {
        best = node;
        bestLoad = load(node);
      }
    }
    return best;
  }
}
