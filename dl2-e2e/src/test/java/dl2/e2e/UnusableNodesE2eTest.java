package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Nodes the controller cannot use next to the ones it can: a CPU node and a NotReady GPU node (no
 * grace period) are reported (and so are the cluster's own nodes, which have no GPU), get no pod,
 * and the slot runs.
 */
class UnusableNodesE2eTest {
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("nodes", 2);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  @Test
  void unusableNodesAreReportedAndGetNoPod() throws Exception {
    String cpuNode = run.namespace() + "-cpu";
    run.nodes()
        .add(
            cpuNode,
            Map.of(
                "cpu",
                new Quantity("16"),
                "memory",
                new Quantity("64Gi"),
                "pods",
                new Quantity("110")));
    String notReady = run.nodes().names().get(1);
    run.nodes()
        .setStatus(
            notReady,
            Map.of(
                "cpu",
                new Quantity("8"),
                "nvidia.com/gpu",
                new Quantity("2"),
                "memory",
                new Quantity("64Gi"),
                "pods",
                new Quantity("110")),
            "False");
    run.createJob(Jobs.of("theta", "resnet-50", 10, 2));

    E2eRun.Finished slot =
        run.once(List.of("--slot-seconds", "30", "--task-cap", "2", "--not-ready-grace", "0"));

    assertThat(slot.exit()).as(slot.text()).isZero();
    assertThat(slot.text())
        .contains("nodes not used: ")
        .contains(cpuNode + " (no nvidia.com/gpu)")
        .contains(notReady + " (not Ready");
    String usable = run.nodes().names().get(0);
    List<Pod> pods = run.admin().pods().inNamespace(run.namespace()).list().getItems();
    assertThat(pods).isNotEmpty().allMatch(p -> p.getSpec().getNodeName().equals(usable));
  }
}
