package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.VolcanoDriver;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The DL2Job's pod templates are honoured (real-cluster finding N3): DL2 sets only what it
 * allocates, the first container's {@code cpu} and {@code nvidia.com/gpu} (requests = limits = the
 * task's demand; no GPU for a parameter server); every other resource of the template (memory,
 * ephemeral storage, other extended resources) and the template's annotations and labels reach the
 * pods, under every driver.
 */
class TemplateMergeTest {
  private static final String NS = "team";
  private final EmulatedClock clock = new EmulatedClock(Instant.parse("2026-01-01T00:00:00Z"));

  private static PodTemplateSpec template(String container) {
    Map<String, Quantity> requests =
        Map.of(
            "cpu",
            new Quantity("7"),
            "memory",
            new Quantity("16Gi"),
            "ephemeral-storage",
            new Quantity("50Gi"),
            "example.com/fpga",
            new Quantity("1"),
            "nvidia.com/gpu",
            new Quantity("4"));
    Map<String, Quantity> limits =
        Map.of("memory", new Quantity("16Gi"), "example.com/fpga", new Quantity("1"));
    return new PodTemplateSpecBuilder()
        .withNewMetadata()
        .addToAnnotations("sidecar.istio.io/inject", "false")
        .addToAnnotations("prometheus.io/scrape", "true")
        .addToLabels("team", "vision")
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName(container)
        .withImage("train:1")
        .withNewResources()
        .withRequests(requests)
        .withLimits(limits)
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }

  private static void createJob(MockCluster cluster) {
    Dl2Job job = new Dl2Job();
    job.getMetadata().setName("a");
    job.setSpec(new Dl2JobSpec());
    job.getSpec().modelType = "resnet-50";
    job.getSpec().epochs = 10.0;
    job.getSpec().maxWorkers = 1;
    job.getSpec().maxParameterServers = 1;
    job.getSpec().workerTemplate = template("worker");
    job.getSpec().psTemplate = template("ps");
    cluster.client().resources(Dl2Job.class).inNamespace(NS).resource(job).create();
  }

  private SlotController controller(MockCluster cluster, DriverKind driver) {
    return new SlotController(
            cluster.newControllerClient(),
            new ControllerConfig(NS, 60, 4, FittedOptimusSpeed.INSTANCE),
            Schedulers.baseline("drf"),
            clock,
            new ApiRetry(3, Duration.ofMillis(1)))
        .using(driver, null);
  }

  private static void assertMerged(ResourceRequirements resources, boolean gpu) {
    Map<String, Quantity> requests = resources.getRequests();
    Map<String, Quantity> limits = resources.getLimits();
    assertThat(requests)
        .containsEntry("cpu", new Quantity("2"))
        .containsEntry("memory", new Quantity("16Gi"))
        .containsEntry("ephemeral-storage", new Quantity("50Gi"))
        .containsEntry("example.com/fpga", new Quantity("1"));
    assertThat(limits)
        .containsEntry("cpu", new Quantity("2"))
        .containsEntry("memory", new Quantity("16Gi"))
        .containsEntry("example.com/fpga", new Quantity("1"));
    if (gpu) {
      assertThat(requests).containsEntry("nvidia.com/gpu", new Quantity("1"));
      assertThat(limits).containsEntry("nvidia.com/gpu", new Quantity("1"));
    } else {
      assertThat(requests).doesNotContainKey("nvidia.com/gpu");
      assertThat(limits).doesNotContainKey("nvidia.com/gpu");
    }
  }

  @Test
  void podsKeepTheTemplatesResourcesAnnotationsAndLabelsWithDl2sCpuAndGpu() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      createJob(cluster);
      controller(cluster, DriverKind.PODS).reconcile();
      Pod worker = cluster.client().pods().inNamespace(NS).withName("a-worker-0").get();
      Pod ps = cluster.client().pods().inNamespace(NS).withName("a-ps-0").get();
      assertMerged(worker.getSpec().getContainers().get(0).getResources(), true);
      assertMerged(ps.getSpec().getContainers().get(0).getResources(), false);
      for (Pod pod : new Pod[] {worker, ps}) {
        assertThat(pod.getMetadata().getAnnotations())
            .containsEntry("sidecar.istio.io/inject", "false")
            .containsEntry("prometheus.io/scrape", "true");
        assertThat(pod.getMetadata().getLabels())
            .containsEntry("team", "vision")
            .containsEntry("dl2.io/job", "a");
      }
    }
  }

  @Test
  void indexedJobsAndVolcanoJobsKeepThemToo() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      createJob(cluster);
      controller(cluster, DriverKind.INDEXED_JOB).reconcile();
      Job job = cluster.client().batch().v1().jobs().inNamespace(NS).withName("a").get();
      assertMerged(
          job.getSpec().getTemplate().getSpec().getContainers().get(0).getResources(), true);
      assertThat(job.getSpec().getTemplate().getMetadata().getAnnotations())
          .containsEntry("sidecar.istio.io/inject", "false");

      controller(cluster, DriverKind.VOLCANO).reconcile();
      String volcano =
          cluster
              .client()
              .getKubernetesSerialization()
              .asJson(
                  cluster
                      .client()
                      .genericKubernetesResources(VolcanoDriver.VCJOBS)
                      .inNamespace(NS)
                      .withName("a")
                      .get()
                      .getAdditionalProperties()
                      .get("spec"));
      assertThat(volcano)
          .contains(
              "\"sidecar.istio.io/inject\":\"false\"",
              "\"memory\":\"16Gi\"",
              "\"example.com/fpga\":\"1\"",
              "\"ephemeral-storage\":\"50Gi\"")
          .doesNotContain("\"cpu\":\"7\"");
    }
  }
}
