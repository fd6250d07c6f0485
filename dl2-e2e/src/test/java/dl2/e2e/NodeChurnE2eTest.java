package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A change of the nodes moves only the pods it must (the real-cluster finding of pod churn):
 * cordoning a node re-creates at most its own pods, the others staying where they run (but for jobs
 * the smaller cluster shrinks); a NotReady blip shorter than the grace period moves nothing. Six
 * fake nodes, four jobs of up to four bundles: the cluster is full.
 */
class NodeChurnE2eTest {
  private static final List<String> SLOT = List.of("--slot-seconds", "1", "--task-cap", "4");
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("churn", 6);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  /** Each live pod's node, by name. */
  private static Map<String, String> podNodes() {
    Map<String, String> nodes = new TreeMap<>();
    for (Pod pod : run.admin().pods().inNamespace(run.namespace()).list().getItems()) {
      if (pod.getMetadata().getDeletionTimestamp() == null) {
        nodes.put(pod.getMetadata().getName(), pod.getSpec().getNodeName());
      }
    }
    return nodes;
  }

  private static Map<String, Integer> tasks() {
    Map<String, Integer> tasks = new TreeMap<>();
    for (int i = 1; i <= 4; i++) {
      var status = run.status("job-" + i);
      tasks.put("job-" + i, status.workers == null ? 0 : status.workers + status.parameterServers);
    }
    return tasks;
  }

  /** The node holding the most pods. */
  private static String busiest(Map<String, String> pods) {
    Map<String, Integer> counts = new TreeMap<>();
    pods.values().forEach(node -> counts.merge(node, 1, Integer::sum));
    return counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }

  private static E2eRun.Finished slot() throws Exception {
    Thread.sleep(1_100); // the next 1-s slot
    E2eRun.Finished slot = run.once(SLOT);
    assertThat(slot.exit()).as(slot.text()).isZero();
    return slot;
  }

  @Test
  void aCordonMovesOnlyThatNodesPodsAndANotReadyBlipMovesNone() throws Exception {
    for (int i = 1; i <= 4; i++) {
      run.createJob(Jobs.of("job-" + i, "resnet-50", 1000, 4));
    }
    slot();
    Map<String, String> before = podNodes();
    Map<String, Integer> tasksBefore = tasks();
    String node = busiest(before);
    long leaving = before.values().stream().filter(node::equals).count();
    run.admin()
        .nodes()
        .withName(node)
        .edit(
            n -> {
              n.setSpec(n.getSpec() == null ? new NodeSpec() : n.getSpec());
              n.getSpec().setUnschedulable(true);
              return n;
            });

    E2eRun.Finished cordoned = slot();

    Map<String, String> after = podNodes();
    Map<String, Integer> tasksAfter = tasks();
    assertThat(cordoned.text()).contains(node + " (cordoned)");
    assertThat(after.keySet().stream().filter(p -> !before.containsKey(p)).count())
        .as("re-created: at most the node's pods")
        .isLessThanOrEqualTo(leaving);
    assertThat(after).doesNotContainValue(node);
    Map<String, Integer> lost = new TreeMap<>();
    before.forEach(
        (pod, where) -> {
          if (!where.equals(node) && !after.containsKey(pod)) {
            lost.merge(pod.substring(0, pod.indexOf('-', "job-".length())), 1, Integer::sum);
          }
        });
    lost.forEach(
        (job, pods) ->
            assertThat(pods)
                .as("%s lost pods elsewhere: no more than it shrank", job)
                .isLessThanOrEqualTo(tasksBefore.get(job) - tasksAfter.get(job)));

    run.admin()
        .nodes()
        .withName(node)
        .edit(
            n -> {
              n.getSpec().setUnschedulable(null);
              return n;
            });
    slot();
    Map<String, String> settled = podNodes();
    String other = busiest(settled);
    run.nodes()
        .setStatus(
            other,
            Map.of(
                "cpu",
                new Quantity("8"),
                "nvidia.com/gpu",
                new Quantity("2"),
                "memory",
                new Quantity("64Gi"),
                "pods",
                new Quantity("110")),
            "Unknown");

    E2eRun.Finished blip = slot();

    assertThat(blip.text())
        .contains(
            "pods +0 -0", "nodes NotReady, keeping their pods and taking no new one: " + other);
    assertThat(podNodes()).isEqualTo(settled);
    run.nodes()
        .setStatus(
            other,
            Map.of(
                "cpu",
                new Quantity("8"),
                "nvidia.com/gpu",
                new Quantity("2"),
                "memory",
                new Quantity("64Gi"),
                "pods",
                new Quantity("110")),
            "True");
  }
}
