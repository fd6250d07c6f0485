package dl2.kubernetes.api;

import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The nodes the controller uses, in name order (node index i = i-th name), their common capacity,
 * and the nodes it skips with the reason: cordoned, not Ready, a NoSchedule or NoExecute taint
 * the controller does not tolerate (e.g. a control-plane node's), or less than one core and one
 * GPU allocatable (a CPU node). The scheduling model has identical nodes, so a mixed cluster is
 * treated as nodes of the smallest allocatable CPU and GPU count of the usable ones: never more
 * than any node really has.
 */
public record NodeInventory(List<String> names, ClusterSpec spec, List<SkippedNode> skipped) {
  /** With the standard tolerations ({@link TaintToleration#STANDARD}). */
  public static NodeInventory of(List<Node> nodes) {
    return of(nodes, TaintToleration.STANDARD);
  }

  public static NodeInventory of(List<Node> nodes, List<TaintToleration> tolerations) {
    List<Node> usable = new ArrayList<>();
    List<SkippedNode> skipped = new ArrayList<>();
    for (Node node : nodes.stream().sorted(Comparator.comparing(n -> n.getMetadata().getName())).toList()) {
      String reason = unusable(node, tolerations);
      if (reason == null) {
        usable.add(node);
      } else {
        skipped.add(new SkippedNode(node.getMetadata().getName(), reason));
      }
    }
    if (usable.isEmpty()) {
      throw new IllegalStateException("no usable node in the cluster" + (skipped.isEmpty() ? "" : ": " + summary(skipped)));
    }
    int cores = Integer.MAX_VALUE;
    int gpus = Integer.MAX_VALUE;
    for (Node node : usable) {
      Map<String, Quantity> allocatable = allocatable(node);
      cores = Math.min(cores, whole(allocatable.get("cpu")));
      gpus = Math.min(gpus, whole(allocatable.get(Labels.GPU_RESOURCE)));
    }
    List<String> names = usable.stream().map(n -> n.getMetadata().getName()).toList();
    return new NodeInventory(names, new ClusterSpec(names.size(), cores, gpus), List.copyOf(skipped));
  }

  /** Why the controller cannot use {@code node}, or null if it can. */
  static String unusable(Node node, List<TaintToleration> tolerations) {
    if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
      return "cordoned";
    }
    String ready = readyStatus(node);
    if (!"True".equals(ready)) {
      return ready == null ? "no Ready condition" : "not Ready (Ready=" + ready + ")";
    }
    if (node.getSpec() != null && node.getSpec().getTaints() != null) {
      for (Taint taint : node.getSpec().getTaints()) {
        boolean repels = "NoSchedule".equals(taint.getEffect()) || "NoExecute".equals(taint.getEffect());
        if (repels && tolerations.stream().noneMatch(t -> t.tolerates(taint))) {
          return "taint " + taint.getKey() + (taint.getValue() == null || taint.getValue().isEmpty() ? "" : "=" + taint.getValue())
              + ":" + taint.getEffect();
        }
      }
    }
    Map<String, Quantity> allocatable = allocatable(node);
    if (whole(allocatable.get(Labels.GPU_RESOURCE)) < 1) {
      return "no " + Labels.GPU_RESOURCE;
    }
    if (whole(allocatable.get("cpu")) < 1) {
      return "less than 1 allocatable core";
    }
    return null;
  }

  private static String readyStatus(Node node) {
    if (node.getStatus() == null || node.getStatus().getConditions() == null) {
      return null;
    }
    return node.getStatus().getConditions().stream().filter(c -> "Ready".equals(c.getType())).map(NodeCondition::getStatus)
        .findFirst().orElse(null);
  }

  private static Map<String, Quantity> allocatable(Node node) {
    return node.getStatus() == null || node.getStatus().getAllocatable() == null ? Map.of() : node.getStatus().getAllocatable();
  }

  /** E.g. {@code cp-1 (taint node-role.kubernetes.io/control-plane:NoSchedule), cpu-1 (no nvidia.com/gpu)}. */
  public static String summary(List<SkippedNode> skipped) {
    return String.join(", ", skipped.stream().map(SkippedNode::toString).toList());
  }

  /** Whole units of a quantity ("7500m" cpu is 7 cores); 0 when absent. */
  public static int whole(Quantity quantity) {
    return quantity == null ? 0 : quantity.getNumericalAmount().intValue();
  }

  public int indexOf(String nodeName) {
    return names.indexOf(nodeName);
  }
}
