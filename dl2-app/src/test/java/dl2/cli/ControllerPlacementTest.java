package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.placement.PlacementPlugin;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * controller --placement with a driver that leaves placement to kube-scheduler: a built-in
 * placement reaches the Indexed Job's pod template as affinity; a plug-in adds none, and the
 * controller says so once at start.
 */
class ControllerPlacementTest {
  private static final String NOTE =
      "placement last-node is a plug-in, which --driver indexed-job cannot turn into "
          + "affinity rules: kube-scheduler places the pods by its own scoring";

  @TempDir Path dir;

  @Test
  void fewestNodesGivesTheIndexedJobsPodsAPreferenceForTheJobsOwnNodes() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "bert", "resnet-50", 20);
      CliRun run = controller(cluster, "--placement", "fewest-nodes");
      assertThat(run.exitCode()).as(run.err()).isZero();
      var preferred =
          workers(cluster)
              .getAffinity()
              .getPodAffinity()
              .getPreferredDuringSchedulingIgnoredDuringExecution();
      assertThat(preferred)
          .singleElement()
          .satisfies(
              term -> {
                assertThat(term.getWeight()).isEqualTo(100);
                assertThat(term.getPodAffinityTerm().getLabelSelector().getMatchLabels())
                    .isEqualTo(Map.of("dl2.io/job", "bert"));
              });
      assertThat(run.out()).doesNotContain("is a plug-in");
    }
  }

  @Test
  void aPlugInPlacementAddsNoAffinityAndTheControllerSaysSoOnce() throws IOException {
    Path services = Files.createDirectories(dir.resolve("META-INF/services"));
    Files.writeString(
        services.resolve(PlacementPlugin.class.getName()),
        LastNodePlacement.class.getName() + "\n");
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "bert", "resnet-50", 20);
      CliRun run =
          controller(
              cluster, "--placement-jar", dir.toString(), "--placement", LastNodePlacement.NAME);
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(workers(cluster).getAffinity()).isNull();
      assertThat(run.out().lines().filter(line -> line.endsWith(" " + NOTE))).hasSize(1);
    }
  }

  private static CliRun controller(MockCluster cluster, String... placement) {
    String[] common = {
      "controller",
      "--master",
      cluster.masterUrl(),
      "--namespace",
      "team",
      "--once",
      "--task-cap",
      "2",
      "--driver",
      "indexed-job"
    };
    String[] args = java.util.Arrays.copyOf(common, common.length + placement.length);
    System.arraycopy(placement, 0, args, common.length, placement.length);
    return CliRun.of(args);
  }

  private static PodSpec workers(MockCluster cluster) {
    return cluster
        .client()
        .batch()
        .v1()
        .jobs()
        .inNamespace("team")
        .withName("bert")
        .get()
        .getSpec()
        .getTemplate()
        .getSpec();
  }
}
