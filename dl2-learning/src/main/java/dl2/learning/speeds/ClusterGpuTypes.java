package dl2.learning.speeds;

import dl2.model.ClusterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The GPU types of a cluster as its nodes' labels name them (Project: heterogeneous clusters): the
 * distinct type names in node index order, and each node's type as an index into them. Only the
 * names are read, as a real cluster reads a node label; how fast a type is stays the world's.
 */
public final class ClusterGpuTypes {
  private final List<String> names;
  private final int[] typeOfNode;
  private final int[] gpusOfType;

  private ClusterGpuTypes(List<String> names, int[] typeOfNode, int[] gpusOfType) {
    this.names = List.copyOf(names);
    this.typeOfNode = typeOfNode;
    this.gpusOfType = gpusOfType;
  }

  /** The types of {@code spec}'s nodes, named in node order. */
  public static ClusterGpuTypes of(ClusterSpec spec) {
    List<String> names = new ArrayList<>();
    int[] typeOfNode = new int[spec.nodes()];
    for (int node = 0; node < typeOfNode.length; node++) {
      String name = spec.gpuType(node).name();
      int index = names.indexOf(name);
      if (index < 0) {
        index = names.size();
        names.add(name);
      }
      typeOfNode[node] = index;
    }
    int[] gpus = new int[names.size()];
    for (int type : typeOfNode) {
      gpus[type] += spec.gpusPerNode();
    }
    return new ClusterGpuTypes(names, typeOfNode, gpus);
  }

  /** How many distinct types. */
  public int count() {
    return names.size();
  }

  /** The name of type {@code type}, as the nodes' label gives it. */
  public String name(int type) {
    return names.get(type);
  }

  /** The type index of node {@code node}. */
  public int typeOf(int node) {
    return typeOfNode[node];
  }

  /** Nodes in the cluster. */
  public int nodeCount() {
    return typeOfNode.length;
  }

  /** GPUs on the nodes of type {@code type}. */
  public int gpus(int type) {
    return gpusOfType[type];
  }

  /** Whether these are the types of a cluster whose node labels are {@code spec}'s. */
  public boolean describes(ClusterSpec spec) {
    if (spec.nodes() != typeOfNode.length) {
      return false;
    }
    for (int node = 0; node < typeOfNode.length; node++) {
      if (!names.get(typeOfNode[node]).equals(spec.gpuType(node).name())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return names + " over " + typeOfNode.length + " nodes " + Arrays.toString(gpusOfType);
  }
}
