package dl2.kubernetes.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which nodes the controller uses: Ready, schedulable, untainted or with tolerated taints, with a
 * GPU; the others are skipped with a reason, and never make the slot fail.
 */
class NodeInventoryTest {
  static Node node(String name, String cpu, String gpus, String ready, Taint... taints) {
    Map<String, Quantity> allocatable =
        gpus == null
            ? Map.of("cpu", new Quantity(cpu))
            : Map.of("cpu", new Quantity(cpu), Labels.GPU_RESOURCE, new Quantity(gpus));
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withTaints(taints)
        .endSpec()
        .withNewStatus()
        .withAllocatable(allocatable)
        .addNewCondition()
        .withType("Ready")
        .withStatus(ready)
        .endCondition()
        .endStatus()
        .build();
  }

  private static Taint taint(String key, String effect) {
    return new Taint(effect, key, null, null);
  }

  @Test
  void mixedNodesCountAsTheSmallest() {
    NodeInventory inventory =
        NodeInventory.of(
            List.of(node("z-big", "32", "8", "True"), node("a-small", "7500m", "2", "True")));
    assertThat(inventory.names()).containsExactly("a-small", "z-big");
    assertThat(inventory.spec()).isEqualTo(new ClusterSpec(2, 7, 2));
    assertThat(inventory.skipped()).isEmpty();
  }

  @Test
  void nodesTheControllerCannotUseAreSkippedWithTheirReason() {
    Node cordoned = node("b-cordoned", "8", "2", "True");
    cordoned.getSpec().setUnschedulable(true);
    NodeInventory inventory =
        NodeInventory.of(
            List.of(
                node("a-gpu", "8", "2", "True"),
                cordoned,
                node("c-cpu-only", "16", null, "True"),
                node(
                    "d-control-plane",
                    "4",
                    null,
                    "True",
                    taint("node-role.kubernetes.io/control-plane", "NoSchedule")),
                node(
                    "e-unreachable",
                    "8",
                    "2",
                    "Unknown",
                    taint("node.kubernetes.io/unreachable", "NoExecute")),
                node("f-gpu-pool", "8", "2", "True", taint(Labels.GPU_RESOURCE, "NoSchedule")),
                node("g-dedicated", "8", "2", "True", taint("dl2.io/dedicated", "NoExecute")),
                node("h-preferred", "8", "2", "True", taint("team", "PreferNoSchedule")),
                node("i-other-team", "8", "2", "True", taint("team", "NoSchedule"))));
    assertThat(inventory.names())
        .containsExactly("a-gpu", "f-gpu-pool", "g-dedicated", "h-preferred");
    assertThat(inventory.spec()).isEqualTo(new ClusterSpec(4, 8, 2));
    assertThat(inventory.skipped())
        .extracting(SkippedNode::toString)
        .containsExactly(
            "b-cordoned (cordoned)",
            "c-cpu-only (no nvidia.com/gpu)",
            "d-control-plane (taint node-role.kubernetes.io/control-plane:NoSchedule)",
            "e-unreachable (not Ready (Ready=Unknown))",
            "i-other-team (taint team:NoSchedule)");
  }

  @Test
  void aTolerationLetsTheControllerUseATaintedNode() {
    Node node = node("a", "8", "2", "True", new Taint("NoSchedule", "team", null, "ml"));
    assertThat(
            NodeInventory.of(
                    List.of(node, node("b", "8", "2", "True")),
                    List.of(TaintToleration.parse("team=ml:NoSchedule")))
                .names())
        .containsExactly("a", "b");
    assertThat(
            NodeInventory.of(
                    List.of(node, node("b", "8", "2", "True")),
                    List.of(TaintToleration.parse("team=other")))
                .names())
        .containsExactly("b");
    assertThatThrownBy(() -> TaintToleration.parse("team:Sometimes"))
        .hasMessageStartingWith("a toleration is KEY[=VALUE][:EFFECT]");
  }

  @Test
  void withNoUsableNodeTheMessageNamesEveryNodeAndItsReason() {
    assertThatThrownBy(() -> NodeInventory.of(List.of(node("cpu-1", "8", null, "True"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no usable node in the cluster: cpu-1 (no nvidia.com/gpu)");
  }
}
