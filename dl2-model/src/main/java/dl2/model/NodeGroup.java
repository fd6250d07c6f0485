package dl2.model;

/**
 * {@code count} identical nodes of a cluster: each with {@code coresPerNode} cores and {@code
 * gpusPerNode} GPUs of one {@link GpuType} (Project: heterogeneous clusters).
 */
public record NodeGroup(int count, int coresPerNode, int gpusPerNode, GpuType gpuType) {
  public NodeGroup {
    if (count < 1) {
      throw new IllegalArgumentException("a node group needs at least 1 node, got " + count);
    }
    if (coresPerNode < 1 || gpusPerNode < 1) {
      throw new IllegalArgumentException(
          "each node needs at least 1 core and 1 GPU, got "
              + coresPerNode
              + " cores and "
              + gpusPerNode
              + " GPUs");
    }
    if (gpuType == null) {
      throw new IllegalArgumentException("a node group needs a GPU type");
    }
  }

  public NodeGroup withCount(int newCount) {
    return new NodeGroup(newCount, coresPerNode, gpusPerNode, gpuType);
  }

  public NodeGroup withGpuType(GpuType newType) {
    return new NodeGroup(count, coresPerNode, gpusPerNode, newType);
  }
}
