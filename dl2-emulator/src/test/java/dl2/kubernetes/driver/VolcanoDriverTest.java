package dl2.kubernetes.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Labels;
import dl2.model.ClusterSpec;
import dl2.model.JobType;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Volcano driver against the CRUD mock server (which stores Volcano Jobs like any object). */
class VolcanoDriverTest {
  private static JobPlan plan(int workers, int ps) {
    Dl2JobSpec spec = new Dl2JobSpec();
    spec.modelType = "resnet-50";
    spec.epochs = 10.0;
    return new JobPlan(
        "bert",
        "uid-1",
        JobType.RESNET_50,
        spec,
        java.util.Collections.nCopies(workers, "node-000"),
        java.util.Collections.nCopies(ps, "node-001"));
  }

  @Test
  void createsPatchesAndDeletesTheVolcanoJob() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      ClusterApi api =
          new ClusterApi(cluster.client(), "team", new ApiRetry(2, Duration.ofMillis(1)));
      VolcanoDriver driver =
          new VolcanoDriver(
              api, dl2.kubernetes.api.TaintToleration.STANDARD, PlacementAffinity.NONE);

      assertThat(driver.apply(List.of(plan(2, 1)))).isEqualTo(new ScalingDriver.Changes(3, 0));
      GenericKubernetesResource job = read(cluster);
      assertThat(VolcanoDriver.replicas(job)).containsExactly(2, 1);
      assertThat(spec(job).get("minAvailable")).isEqualTo(3);
      assertThat(job.getMetadata().getLabels()).containsEntry(Labels.JOB, "bert");

      assertThat(driver.apply(List.of(plan(4, 1)))).isEqualTo(new ScalingDriver.Changes(2, 0));
      assertThat(VolcanoDriver.replicas(read(cluster))).containsExactly(4, 1);
      assertThat(spec(read(cluster)).get("minAvailable")).isEqualTo(5);
      assertThat(driver.apply(List.of(plan(4, 1))))
          .as("idempotent")
          .isEqualTo(new ScalingDriver.Changes(0, 0));

      assertThat(driver.apply(List.of(plan(1, 2)))).isEqualTo(new ScalingDriver.Changes(1, 3));
      assertThat(driver.apply(List.of())).isEqualTo(new ScalingDriver.Changes(0, 3));
      assertThat(read(cluster)).isNull();
    }
  }

  private static GenericKubernetesResource read(MockCluster cluster) {
    return cluster
        .client()
        .genericKubernetesResources(VolcanoDriver.VCJOBS)
        .inNamespace("team")
        .withName("bert")
        .get();
  }

  private static Map<?, ?> spec(GenericKubernetesResource job) {
    return (Map<?, ?>) job.getAdditionalProperties().get("spec");
  }
}
