package dl2.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The cluster: node groups in index order, each of identical nodes with one GPU type (dl2-spec
 * §2.1; default 8 cores + 2 GPUs; Project: heterogeneous clusters). Every group has the same cores
 * and GPUs per node, so placement and bounds keep one node shape; groups differ in their GPU type.
 * Node indices run through the groups in order, so ties by node index stay deterministic.
 */
public final class ClusterSpec {
  public static final int DEFAULT_CORES_PER_NODE = 8;
  public static final int DEFAULT_GPUS_PER_NODE = 2;

  private final List<NodeGroup> groups;

  /** N and the node shape, kept since placement asks for them at every fit check. */
  private final int nodes;

  private final int coresPerNode;
  private final int gpusPerNode;

  public ClusterSpec(List<NodeGroup> groups) {
    if (groups == null || groups.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs at least 1 node group");
    }
    this.groups = List.copyOf(groups);
    NodeGroup first = groups.get(0);
    for (NodeGroup group : groups) {
      if (group.coresPerNode() != first.coresPerNode()
          || group.gpusPerNode() != first.gpusPerNode()) {
        throw new IllegalArgumentException(
            "every node group needs the same cores and GPUs per node ("
                + first.coresPerNode()
                + " cores, "
                + first.gpusPerNode()
                + " GPUs); groups differ only in their GPU type");
      }
    }
    for (JobType type : JobType.values()) {
      Resources bundle = type.demand(Task.BUNDLE);
      if (bundle.cores() > first.coresPerNode() || bundle.gpus() > first.gpusPerNode()) {
        throw new IllegalArgumentException(
            "a node of "
                + first.coresPerNode()
                + " cores and "
                + first.gpusPerNode()
                + " GPUs cannot host one "
                + type.modelName()
                + " bundle ("
                + bundle.cores()
                + " cores, "
                + bundle.gpus()
                + " GPUs), so such jobs could never run");
      }
    }
    int count = 0;
    for (NodeGroup group : groups) {
      count += group.count();
    }
    this.nodes = count;
    this.coresPerNode = first.coresPerNode();
    this.gpusPerNode = first.gpusPerNode();
  }

  /** N identical nodes of the {@link GpuType#DEFAULT} type. */
  public ClusterSpec(int nodes, int coresPerNode, int gpusPerNode) {
    this(List.of(defaultGroup(nodes, coresPerNode, gpusPerNode)));
  }

  private static NodeGroup defaultGroup(int nodes, int coresPerNode, int gpusPerNode) {
    if (nodes < 1) {
      throw new IllegalArgumentException("a cluster needs at least 1 node, got " + nodes);
    }
    return new NodeGroup(nodes, coresPerNode, gpusPerNode, GpuType.DEFAULT);
  }

  public static ClusterSpec ofNodes(int nodes) {
    return new ClusterSpec(nodes, DEFAULT_CORES_PER_NODE, DEFAULT_GPUS_PER_NODE);
  }

  /**
   * The same groups scaled to {@code newNodes} in all: each group's share rounded, at least one
   * node each, the remainder going to the first group. A single group simply gets {@code newNodes}.
   */
  public ClusterSpec withNodes(int newNodes) {
    if (newNodes < 1) {
      throw new IllegalArgumentException("a cluster needs at least 1 node, got " + newNodes);
    }
    if (groups.size() == 1) {
      NodeGroup only = groups.get(0);
      return new ClusterSpec(
          List.of(
              defaultGroup(newNodes, only.coresPerNode(), only.gpusPerNode())
                  .withGpuType(only.gpuType())));
    }
    int total = nodes;
    List<NodeGroup> scaled = new ArrayList<>();
    int given = 0;
    for (int g = 1; g < groups.size(); g++) {
      int count = Math.max(1, (int) Math.round((double) groups.get(g).count() * newNodes / total));
      scaled.add(groups.get(g).withCount(count));
      given += count;
    }
    scaled.add(0, groups.get(0).withCount(Math.max(1, newNodes - given)));
    return new ClusterSpec(scaled);
  }

  /** The node groups in index order. */
  public List<NodeGroup> groups() {
    return groups;
  }

  /** N: nodes over all groups. */
  public int nodes() {
    return nodes;
  }

  public int coresPerNode() {
    return coresPerNode;
  }

  public int gpusPerNode() {
    return gpusPerNode;
  }

  /** The GPU type of node {@code node}, counting through the groups in order. */
  public GpuType gpuType(int node) {
    int end = 0;
    for (NodeGroup group : groups) {
      end += group.count();
      if (node < end) {
        return group.gpuType();
      }
    }
    throw new IndexOutOfBoundsException("node " + node + " of " + end);
  }

  /** The GPU type of every node, by index. */
  public GpuType[] gpuTypes() {
    GpuType[] types = new GpuType[nodes()];
    int n = 0;
    for (NodeGroup group : groups) {
      for (int i = 0; i < group.count(); i++) {
        types[n++] = group.gpuType();
      }
    }
    return types;
  }

  /** True if every node runs every job at dl2's own pace, as every single-type preset does. */
  public boolean uniformSpeed() {
    for (NodeGroup group : groups) {
      if (!group.gpuType().isUniform()) {
        return false;
      }
    }
    return true;
  }

  /** "48 nodes", or with GPU types "72 nodes: 24 k80, 24 p100, 24 v100", for titles. */
  public String nodeSummary() {
    if (groups.size() == 1 && groups.get(0).gpuType().equals(GpuType.DEFAULT)) {
      return nodes + " nodes";
    }
    StringBuilder text = new StringBuilder(nodes + " nodes:");
    for (int g = 0; g < groups.size(); g++) {
      NodeGroup group = groups.get(g);
      text.append(g == 0 ? " " : ", ").append(group.count()).append(' ').append(group.gpuType());
    }
    return text.toString();
  }

  /** dom = max_r (w·dW_r + u·dP_r)/(N·cap_r) for a job of {@code type} (dl2-spec §2.1). */
  public double dominantShare(JobType type, int workers, int parameterServers) {
    Resources held =
        type.demand(Task.WORKER).times(workers).plus(type.demand(Task.PS).times(parameterServers));
    return Math.max((double) held.cores() / totalCores(), (double) held.gpus() / totalGpus());
  }

  public int totalCores() {
    return nodes() * coresPerNode();
  }

  public int totalGpus() {
    return nodes() * gpusPerNode();
  }

  /** The single-type form {@code ClusterSpec[nodes=N, coresPerNode=C, gpusPerNode=G]} as before. */
  @Override
  public String toString() {
    if (groups.size() == 1 && groups.get(0).gpuType().equals(GpuType.DEFAULT)) {
      return "ClusterSpec[nodes="
          + nodes()
          + ", coresPerNode="
          + coresPerNode()
          + ", gpusPerNode="
          + gpusPerNode()
          + "]";
    }
    return "ClusterSpec" + groups;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ClusterSpec that && groups.equals(that.groups);
  }

  @Override
  public int hashCode() {
    return groups.hashCode();
  }
}
