package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.api.SkippedNode;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Taint;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cluster with nodes the controller cannot use (a CPU node, a control-plane node, an unreachable
 * one): they are reported and get no pod, and the slot goes on on the GPU nodes.
 */
class UnusableNodesTest {
  private static Node node(
      String name, Map<String, Quantity> allocatable, String ready, Taint... taints) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withTaints(taints)
        .endSpec()
        .withNewStatus()
        .withAllocatable(allocatable)
        .withCapacity(allocatable)
        .addNewCondition()
        .withType("Ready")
        .withStatus(ready)
        .endCondition()
        .endStatus()
        .build();
  }

  @Test
  void unusableNodesAreReportedAndGetNoPodWhileTheSlotGoesOn() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      Map<String, Quantity> cpuOnly = Map.of("cpu", new Quantity("16"));
      Map<String, Quantity> gpus =
          Map.of("cpu", new Quantity("8"), Labels.GPU_RESOURCE, new Quantity("2"));
      cluster.client().nodes().resource(node("cpu-1", cpuOnly, "True")).create();
      cluster
          .client()
          .nodes()
          .resource(
              node(
                  "cp-1",
                  cpuOnly,
                  "True",
                  new Taint("NoSchedule", "node-role.kubernetes.io/control-plane", null, null)))
          .create();
      cluster
          .client()
          .nodes()
          .resource(
              node(
                  "gone-1",
                  gpus,
                  "Unknown",
                  new Taint("NoExecute", "node.kubernetes.io/unreachable", null, null)))
          .create();
      cluster.createJob("team", "a", "resnet-50", 10);

      SlotReport report = controller(cluster).reconcile();

      assertThat(report.skippedNodes())
          .extracting(SkippedNode::toString)
          .containsExactly(
              "cp-1 (taint node-role.kubernetes.io/control-plane:NoSchedule)",
              "cpu-1 (no nvidia.com/gpu)",
              "gone-1 (not Ready (Ready=Unknown))");
      assertThat(report.workers()).isEqualTo(4);
      assertThat(cluster.client().pods().inNamespace("team").list().getItems())
          .allMatch(p -> p.getSpec().getNodeName().startsWith("node-"));
    }
  }

  @Test
  void aNodeThatBecameUnreachableGetsNoNewPodAndItsPodsArePlacedElsewhere() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(3))) {
      cluster.createJob("team", "a", "resnet-50", 10);
      SlotController controller = controller(cluster);
      controller.reconcile();
      Node lost = cluster.client().nodes().withName("node-001").get();
      lost.setSpec(new io.fabric8.kubernetes.api.model.NodeSpec());
      lost.getSpec()
          .setTaints(
              java.util.List.of(
                  new Taint("NoSchedule", "node.kubernetes.io/unreachable", null, null),
                  new Taint("NoExecute", "node.kubernetes.io/unreachable", null, null)));
      lost = cluster.client().nodes().resource(lost).update();
      lost.getStatus().getConditions().get(0).setStatus("Unknown");
      cluster.client().nodes().resource(lost).updateStatus();
      clock.set(clock.instant().plusSeconds(60));

      controller.reconcile();

      assertThat(cluster.client().pods().inNamespace("team").list().getItems())
          .isNotEmpty()
          .noneMatch(p -> p.getSpec().getNodeName().equals("node-001"));
    }
  }

  private final EmulatedClock clock = new EmulatedClock(Instant.parse("2026-01-01T00:00:00Z"));

  private SlotController controller(MockCluster cluster) {
    return new SlotController(
        cluster.newControllerClient(),
        new ControllerConfig("team", 60, 4, FittedOptimusSpeed.INSTANCE),
        Schedulers.baseline("drf"),
        clock,
        new ApiRetry(3, Duration.ofMillis(1)));
  }
}
