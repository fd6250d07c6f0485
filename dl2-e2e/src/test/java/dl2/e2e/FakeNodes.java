package dl2.e2e;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * GPU nodes for a test run on a cluster without GPUs (kind, k3s): Node objects with 8 cores and 2
 * {@code nvidia.com/gpu} allocatable, tainted {@code dl2.io/dedicated=true:NoSchedule} as the docs
 * dedicate DL2's nodes (so no other pod lands there), and kept Ready by a heartbeat of their Ready
 * condition. No kubelet runs them: pods bound to them never start, and a pod whose deletion began
 * is removed after a second, as a kubelet does once its containers stopped. Closing deletes the
 * nodes and the pods still bound to them.
 */
final class FakeNodes implements AutoCloseable {
  static final String LABEL = "dl2.io/e2e-node";
  private static final long HEARTBEAT_SECONDS = 10;

  private final KubernetesClient client;
  private final List<String> names = new ArrayList<>();
  private final ScheduledExecutorService kubelet =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread thread = new Thread(r, "dl2-e2e-fake-kubelet");
            thread.setDaemon(true);
            return thread;
          });

  private FakeNodes(KubernetesClient client) {
    this.client = client;
  }

  /** {@code count} nodes named {@code PREFIX-node-I}. */
  static FakeNodes create(KubernetesClient client, String prefix, int count) {
    FakeNodes nodes = new FakeNodes(client);
    for (int i = 0; i < count; i++) {
      nodes.add(
          prefix + "-node-" + i,
          Map.of(
              "cpu",
              new Quantity("8"),
              "nvidia.com/gpu",
              new Quantity("2"),
              "memory",
              new Quantity("64Gi"),
              "pods",
              new Quantity("110")));
    }
    nodes.kubelet.scheduleWithFixedDelay(
        nodes::beat, HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    nodes.kubelet.scheduleWithFixedDelay(nodes::finishDeletions, 1, 1, TimeUnit.SECONDS);
    return nodes;
  }

  /** Adds a node with {@code allocatable}, Ready and dedicated to DL2. */
  void add(String name, Map<String, Quantity> allocatable) {
    Node node =
        new NodeBuilder()
            .withNewMetadata()
            .withName(name)
            .addToLabels(LABEL, "true")
            .addToLabels("kubernetes.io/hostname", name)
            .endMetadata()
            .withNewSpec()
            .addNewTaint()
            .withKey("dl2.io/dedicated")
            .withValue("true")
            .withEffect("NoSchedule")
            .endTaint()
            .endSpec()
            .build();
    client.nodes().resource(node).create();
    synchronized (names) {
      names.add(name);
    }
    setStatus(name, allocatable, "True");
  }

  List<String> names() {
    synchronized (names) {
      return List.copyOf(names);
    }
  }

  /**
   * Sets the node's Ready condition to {@code ready} ("True", "False", "Unknown") and its
   * allocatable.
   */
  void setStatus(String name, Map<String, Quantity> allocatable, String ready) {
    Node node = client.nodes().withName(name).get();
    node.setStatus(
        new io.fabric8.kubernetes.api.model.NodeStatusBuilder()
            .withAllocatable(allocatable)
            .withCapacity(allocatable)
            .withConditions(ready(ready))
            .build());
    client.nodes().resource(node).updateStatus();
  }

  private static NodeCondition ready(String status) {
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    return new NodeConditionBuilder()
        .withType("Ready")
        .withStatus(status)
        .withReason("DL2EndToEndTest")
        .withLastHeartbeatTime(now)
        .withLastTransitionTime(now)
        .build();
  }

  /**
   * Renews each Ready=True node's heartbeat, so that the node controller does not mark it
   * unreachable.
   */
  void beat() {
    for (String name : names()) {
      try {
        Node node = client.nodes().withName(name).get();
        if (node == null || node.getStatus() == null || node.getStatus().getConditions() == null) {
          continue;
        }
        for (NodeCondition condition : node.getStatus().getConditions()) {
          if (condition.getType().equals("Ready") && condition.getStatus().equals("True")) {
            condition.setLastHeartbeatTime(
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
          }
        }
        client.nodes().resource(node).updateStatus();
      } catch (KubernetesClientException e) {
        // The next beat tries again.
      }
    }
  }

  /**
   * As a kubelet: pods on these nodes whose deletion began are removed (their containers never
   * ran).
   */
  void finishDeletions() {
    try {
      for (Pod pod : finishing(client.pods().inAnyNamespace().list().getItems(), names())) {
        client
            .pods()
            .inNamespace(pod.getMetadata().getNamespace())
            .withName(pod.getMetadata().getName())
            .withGracePeriod(0)
            .delete();
      }
    } catch (KubernetesClientException e) {
      // The next round tries again.
    }
  }

  /** The pods on {@code nodes} whose deletion began. */
  static List<Pod> finishing(List<Pod> pods, List<String> nodes) {
    return pods.stream()
        .filter(
            p ->
                p.getMetadata().getDeletionTimestamp() != null
                    && p.getSpec() != null
                    && nodes.contains(p.getSpec().getNodeName()))
        .toList();
  }

  @Override
  public void close() {
    kubelet.shutdownNow();
    for (String name : names()) {
      client.nodes().withName(name).delete();
    }
    for (Pod pod : client.pods().inAnyNamespace().list().getItems()) {
      if (names().contains(pod.getSpec().getNodeName())) {
        client
            .pods()
            .inNamespace(pod.getMetadata().getNamespace())
            .withName(pod.getMetadata().getName())
            .withGracePeriod(0)
            .delete();
      }
    }
  }
}
