package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.kubernetes.api.NodeInventory;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fake GPU nodes are nodes the controller uses, stay Ready, and finish deletions as a kubelet
 * would.
 */
class FakeNodesTest {
  @Test
  void fakeNodesAreUsableDedicatedGpuNodesAndGoAwayAfterTheRun() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      try (FakeNodes nodes = FakeNodes.create(cluster.client(), "dl2-e2e-t-abc123", 2)) {
        assertThat(nodes.names())
            .containsExactly("dl2-e2e-t-abc123-node-0", "dl2-e2e-t-abc123-node-1");
        NodeInventory inventory = NodeInventory.of(cluster.client().nodes().list().getItems());
        assertThat(inventory.names())
            .contains("dl2-e2e-t-abc123-node-0", "dl2-e2e-t-abc123-node-1");
        assertThat(
                cluster
                    .client()
                    .nodes()
                    .withName("dl2-e2e-t-abc123-node-0")
                    .get()
                    .getSpec()
                    .getTaints())
            .singleElement()
            .satisfies(
                t ->
                    assertThat(t.getKey() + "=" + t.getValue() + ":" + t.getEffect())
                        .isEqualTo("dl2.io/dedicated=true:NoSchedule"));
        nodes.beat();
        nodes.setStatus("dl2-e2e-t-abc123-node-1", Map.of("cpu", new Quantity("8")), "False");
        assertThat(NodeInventory.of(cluster.client().nodes().list().getItems()).skipped())
            .anyMatch(s -> s.name().equals("dl2-e2e-t-abc123-node-1"));
        nodes.finishDeletions(); // nothing to finish: the emulated API server deletes at once
        var going =
            new PodBuilder()
                .withNewMetadata()
                .withName("going")
                .withDeletionTimestamp("2026-01-01T00:00:00Z")
                .endMetadata()
                .withNewSpec()
                .withNodeName("dl2-e2e-t-abc123-node-0")
                .endSpec()
                .build();
        var staying =
            new PodBuilder(going)
                .editMetadata()
                .withName("staying")
                .withDeletionTimestamp(null)
                .endMetadata()
                .build();
        var elsewhere = new PodBuilder(going).editSpec().withNodeName("node-000").endSpec().build();
        assertThat(FakeNodes.finishing(java.util.List.of(going, staying, elsewhere), nodes.names()))
            .containsExactly(going);
      }
      assertThat(cluster.client().nodes().list().getItems())
          .extracting(n -> n.getMetadata().getName())
          .containsExactly("node-000");
    }
  }
}
