package dl2.kubernetes.api;

import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Schedulable nodes in name order (node index i = i-th name) and their common capacity. The
 * scheduling model has identical nodes (dl2-spec §2.1), so a mixed cluster is treated as nodes
 * of the smallest allocatable CPU and GPU count: never more than any node really has.
 */
public record NodeInventory(List<String> names, ClusterSpec spec) {
  public static NodeInventory of(List<Node> nodes) {
    List<Node> usable = nodes.stream()
        .filter(n -> n.getSpec() == null || !Boolean.TRUE.equals(n.getSpec().getUnschedulable()))
        .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
        .toList();
    if (usable.isEmpty()) {
      throw new IllegalStateException("no schedulable node in the cluster");
    }
    int cores = Integer.MAX_VALUE;
    int gpus = Integer.MAX_VALUE;
    for (Node node : usable) {
      Map<String, Quantity> allocatable = node.getStatus().getAllocatable();
      cores = Math.min(cores, whole(allocatable.get("cpu")));
      gpus = Math.min(gpus, whole(allocatable.get(Labels.GPU_RESOURCE)));
    }
    List<String> names = usable.stream().map(n -> n.getMetadata().getName()).toList();
    return new NodeInventory(names, new ClusterSpec(names.size(), cores, gpus));
  }

  /** Whole units of a quantity ("7500m" cpu is 7 cores); 0 when absent. */
  public static int whole(Quantity quantity) {
    return quantity == null ? 0 : quantity.getNumericalAmount().intValue();
  }

  public int indexOf(String nodeName) {
    return names.indexOf(nodeName);
  }
}
