package dl2.model;

/**
 * N identical nodes, each with the given cores and GPUs (dl2-spec §2.1; default 8 cores + 2 GPUs).
 */
public record ClusterSpec(int nodes, int coresPerNode, int gpusPerNode) {
  public static final int DEFAULT_CORES_PER_NODE = 8;
  public static final int DEFAULT_GPUS_PER_NODE = 2;

  public ClusterSpec {
    if (nodes < 1) {
      throw new IllegalArgumentException("a cluster needs at least 1 node, got " + nodes);
    }
    if (coresPerNode < 1 || gpusPerNode < 1) {
      throw new IllegalArgumentException(
          "each node needs at least 1 core and 1 GPU, got "
              + coresPerNode
              + " cores and "
              + gpusPerNode
              + " GPUs");
    }
    for (JobType type : JobType.values()) {
      Resources bundle = type.demand(Task.BUNDLE);
      if (bundle.cores() > coresPerNode || bundle.gpus() > gpusPerNode) {
        throw new IllegalArgumentException(
            "a node of "
                + coresPerNode
                + " cores and "
                + gpusPerNode
                + " GPUs cannot host one "
                + type.modelName()
                + " bundle ("
                + bundle.cores()
                + " cores, "
                + bundle.gpus()
                + " GPUs), so such jobs could never run");
      }
    }
  }

  public static ClusterSpec ofNodes(int nodes) {
    return new ClusterSpec(nodes, DEFAULT_CORES_PER_NODE, DEFAULT_GPUS_PER_NODE);
  }

  public ClusterSpec withNodes(int newNodes) {
    return new ClusterSpec(newNodes, coresPerNode, gpusPerNode);
  }

  /** dom = max_r (w·dW_r + u·dP_r)/(N·cap_r) for a job of {@code type} (dl2-spec §2.1). */
  public double dominantShare(JobType type, int workers, int parameterServers) {
    Resources held =
        type.demand(Task.WORKER).times(workers).plus(type.demand(Task.PS).times(parameterServers));
    return Math.max((double) held.cores() / totalCores(), (double) held.gpus() / totalGpus());
  }

  public int totalCores() {
    return nodes * coresPerNode;
  }

  public int totalGpus() {
    return nodes * gpusPerNode;
  }
}
