package dl2.schedulers.typed;

import dl2.model.Resources;
import dl2.slot.ClusterView;
import dl2.slot.Placement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cluster's nodes grouped by GPU type name, as a cluster labels them ({@link
 * ClusterView#gpuTypeName}): no speed factor is read here. Types are numbered in the order of their
 * first node, so ties between types go to the one listed first.
 */
public final class GpuTypeNodes {
  private final List<String> names;
  private final int[][] nodes;
  private final int[] typeOfNode;

  private GpuTypeNodes(List<String> names, int[][] nodes, int[] typeOfNode) {
    this.names = names;
    this.nodes = nodes;
    this.typeOfNode = typeOfNode;
  }

  /** The types of {@code cluster}'s nodes, each with its nodes in ascending index. */
  public static GpuTypeNodes of(ClusterView cluster) {
    List<String> names = new ArrayList<>();
    List<int[]> members = new ArrayList<>();
    int[] sizes = new int[0];
    int[] typeOfNode = new int[cluster.nodeCount()];
    for (int node = 0; node < cluster.nodeCount(); node++) {
      String name = cluster.gpuTypeName(node);
      int type = names.indexOf(name);
      if (type < 0) {
        type = names.size();
        names.add(name);
        members.add(new int[cluster.nodeCount()]);
        sizes = Arrays.copyOf(sizes, names.size());
      }
      members.get(type)[sizes[type]++] = node;
      typeOfNode[node] = type;
    }
    int[][] nodes = new int[names.size()][];
    for (int t = 0; t < nodes.length; t++) {
      nodes[t] = Arrays.copyOf(members.get(t), sizes[t]);
    }
    return new GpuTypeNodes(List.copyOf(names), nodes, typeOfNode);
  }

  /** How many GPU types the cluster has. */
  public int count() {
    return names.size();
  }

  public String name(int type) {
    return names.get(type);
  }

  /** The GPU type of {@code node}. */
  public int typeOf(int node) {
    return typeOfNode[node];
  }

  /** The lowest-index node of {@code type}. */
  public int firstNode(int type) {
    return nodes[type][0];
  }

  /** How many nodes are of {@code type}. */
  public int nodeCount(int type) {
    return nodes[type].length;
  }

  /**
   * The least-loaded node of {@code type} that {@code demand} fits on, ties to the lower index;
   * {@link Placement#NOWHERE} if none.
   */
  public int leastLoadedFitting(ClusterView cluster, int type, Resources demand) {
    int best = Placement.NOWHERE;
    double bestLoad = Double.POSITIVE_INFINITY;
    for (int node : nodes[type]) {
      if (cluster.fits(node, demand) && cluster.load(node) < bestLoad) {
        best = node;
        bestLoad = cluster.load(node);
      }
    }
    return best;
  }

  /**
   * How many more tasks of {@code demand} fit on the nodes of {@code type}, node by node; at most
   * {@code limit}, where the count stops.
   */
  public int room(ClusterView cluster, int type, Resources demand, int limit) {
    Resources capacity = cluster.nodeCapacity();
    int room = 0;
    for (int node : nodes[type]) {
      Resources used = cluster.used(node);
      int byCores = fitting(capacity.cores() - used.cores(), demand.cores());
      int byGpus = fitting(capacity.gpus() - used.gpus(), demand.gpus());
      room += Math.min(Math.min(byCores, byGpus), limit);
      if (room >= limit) {
        return limit;
      }
    }
    return room;
  }

  private static int fitting(int free, int each) {
    return each == 0 ? Integer.MAX_VALUE : Math.max(0, free / each);
  }
}
