package dl2.kubernetes.api;

import dl2.model.ClusterSpec;
import dl2.model.GpuType;
import dl2.model.NodeGroup;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The nodes the controller uses, in name order (node index i = i-th name, so a node is known by its
 * name from slot to slot), their common capacity, and the nodes it skips with the reason: cordoned,
 * not Ready for longer than the grace period, a NoSchedule or NoExecute taint the controller does
 * not tolerate (e.g. a control-plane node's), or less than one core and one GPU allocatable (a CPU
 * node). A node that went NotReady within the grace period, or whose zone is NotReady as a whole
 * (Kubernetes' own rule: a zone-wide outage is more likely the controller's view than the nodes),
 * is {@link #closed()}: its running pods stay, and it takes no new one. The scheduling model has
 * nodes of one shape, so a mixed cluster is treated as nodes of the smallest allocatable CPU and
 * GPU count of the nodes in use: never more than any node really has. Each node's GPU type comes
 * from a label ({@link GpuTypeLabel}); the spec's node groups are the runs of one type in name
 * order, so node i's type is the i-th name's whatever nodes come and go.
 */
public record NodeInventory(
    List<String> names, ClusterSpec spec, List<SkippedNode> skipped, Set<String> closed) {
  /** The label of a node's zone; nodes without it form one zone. */
  public static final String ZONE = "topology.kubernetes.io/zone";

  /**
   * The taints the node lifecycle controller puts on a NotReady node: part of being NotReady,
   * judged by the grace period.
   */
  static final Set<String> NOT_READY_TAINTS =
      Set.of("node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable");

  /** With the standard tolerations ({@link TaintToleration#STANDARD}) and no grace period. */
  public static NodeInventory of(List<Node> nodes) {
    return of(nodes, TaintToleration.STANDARD);
  }

  /** No grace period: a node that is not Ready is not used. */
  public static NodeInventory of(List<Node> nodes, List<TaintToleration> tolerations) {
    return of(nodes, tolerations, Instant.EPOCH, Duration.ZERO);
  }

  /**
   * At {@code now}, a node NotReady for less than {@code grace}, or in a zone NotReady as a whole,
   * is closed, not gone; with no grace period ({@link Duration#ZERO}) a NotReady node is gone at
   * once.
   */
  public static NodeInventory of(
      List<Node> nodes, List<TaintToleration> tolerations, Instant now, Duration grace) {
    return of(nodes, tolerations, now, grace, GpuTypeLabel.DEFAULT);
  }

  /**
   * As {@link #of(List, List, Instant, Duration)}, each node's GPU type read from {@code label}.
   */
  public static NodeInventory of(
      List<Node> nodes,
      List<TaintToleration> tolerations,
      Instant now,
      Duration grace,
      GpuTypeLabel label) {
    List<Node> used = new ArrayList<>();
    List<SkippedNode> skipped = new ArrayList<>();
    Set<String> closed = new TreeSet<>();
    Map<String, Boolean> zoneOut = zonesOut(nodes, tolerations);
    for (Node node :
        nodes.stream().sorted(Comparator.comparing(n -> n.getMetadata().getName())).toList()) {
      String name = node.getMetadata().getName();
      String reason = unusable(node, tolerations);
      if (reason == null) {
        String ready = readyStatus(node);
        if (!"True".equals(ready)) {
          Duration down = notReadyFor(node, now);
          if (!grace.isZero()
              && (down != null && down.compareTo(grace) < 0 || zoneOut.get(zone(node)))) {
            closed.add(name);
          } else {
            reason =
                "not Ready (Ready="
                    + ready
                    + ")"
                    + (down == null || grace.isZero()
                        ? ""
                        : " for "
                            + words(down)
                            + ", longer than the grace period of "
                            + words(grace));
          }
        }
      }
      if (reason == null) {
        used.add(node);
      } else {
        skipped.add(new SkippedNode(name, reason));
      }
    }
    if (used.isEmpty()) {
      throw new IllegalStateException(
          "no usable node in the cluster" + (skipped.isEmpty() ? "" : ": " + summary(skipped)));
    }
    int cores = Integer.MAX_VALUE;
    int gpus = Integer.MAX_VALUE;
    for (Node node : used) {
      Map<String, Quantity> allocatable = allocatable(node);
      cores = Math.min(cores, whole(allocatable.get("cpu")));
      gpus = Math.min(gpus, whole(allocatable.get(Labels.GPU_RESOURCE)));
    }
    List<String> names = used.stream().map(n -> n.getMetadata().getName()).toList();
    return new NodeInventory(
        names, typedSpec(used, cores, gpus, label), List.copyOf(skipped), Set.copyOf(closed));
  }

  /** Nodes of {@code cores} and {@code gpus}, a group for every run of one GPU type. */
  private static ClusterSpec typedSpec(List<Node> used, int cores, int gpus, GpuTypeLabel label) {
    List<NodeGroup> groups = new ArrayList<>();
    for (Node node : used) {
      GpuType type = label.of(node);
      NodeGroup last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
      if (last != null && last.gpuType().equals(type)) {
        groups.set(groups.size() - 1, last.withCount(last.count() + 1));
      } else {
        groups.add(new NodeGroup(1, cores, gpus, type));
      }
    }
    return new ClusterSpec(groups);
  }

  /**
   * Whether each zone is NotReady as a whole: every node of it that the controller would use were
   * it Ready is not Ready. A zone with none of them is not out.
   */
  private static Map<String, Boolean> zonesOut(
      List<Node> nodes, List<TaintToleration> tolerations) {
    Map<String, Boolean> out = new TreeMap<>();
    for (Node node : nodes) {
      if (unusable(node, tolerations) == null) {
        boolean down = !"True".equals(readyStatus(node)) && readyStatus(node) != null;
        out.merge(zone(node), down, Boolean::logicalAnd);
      }
    }
    return out;
  }

  private static String zone(Node node) {
    Map<String, String> labels = node.getMetadata().getLabels();
    return labels == null ? "" : labels.getOrDefault(ZONE, "");
  }

  /**
   * How long the node has not been Ready, from its Ready condition's last transition; null if
   * unknown (for ever).
   */
  private static Duration notReadyFor(Node node, Instant now) {
    String since =
        node.getStatus().getConditions().stream()
            .filter(c -> "Ready".equals(c.getType()))
            .findFirst()
            .map(NodeCondition::getLastTransitionTime)
            .orElse(null);
    try {
      return since == null ? null : Duration.between(Instant.parse(since), now);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static String words(Duration duration) {
    long seconds = Math.max(0, duration.toSeconds());
    return seconds < 600 ? seconds + " s" : seconds / 60 + " min";
  }

  /** Why the controller cannot use {@code node} whatever its readiness, or null if it could. */
  static String unusable(Node node, List<TaintToleration> tolerations) {
    if (node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
      return "cordoned";
    }
    if (readyStatus(node) == null) {
      return "no Ready condition";
    }
    if (node.getSpec() != null && node.getSpec().getTaints() != null) {
      for (Taint taint : node.getSpec().getTaints()) {
        boolean repels =
            "NoSchedule".equals(taint.getEffect()) || "NoExecute".equals(taint.getEffect());
        if (repels
            && !NOT_READY_TAINTS.contains(taint.getKey())
            && tolerations.stream().noneMatch(t -> t.tolerates(taint))) {
          return "taint "
              + taint.getKey()
              + (taint.getValue() == null || taint.getValue().isEmpty()
                  ? ""
                  : "=" + taint.getValue())
              + ":"
              + taint.getEffect();
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
    return node.getStatus().getConditions().stream()
        .filter(c -> "Ready".equals(c.getType()))
        .map(NodeCondition::getStatus)
        .findFirst()
        .orElse(null);
  }

  private static Map<String, Quantity> allocatable(Node node) {
    return node.getStatus() == null || node.getStatus().getAllocatable() == null
        ? Map.of()
        : node.getStatus().getAllocatable();
  }

  /**
   * E.g. {@code cp-1 (taint node-role.kubernetes.io/control-plane:NoSchedule), cpu-1 (no
   * nvidia.com/gpu)}.
   */
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

  /** Whether node {@code index} keeps its running pods but takes no new one. */
  public boolean isClosed(int index) {
    return closed.contains(names.get(index));
  }
}
