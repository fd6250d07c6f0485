package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.driver.DriverKind;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The objects each driver owns: a failed pod is replaced; after a switch of drivers the previous
 * driver's objects are removed once; the pods driver never takes an Indexed Job's pods for its own.
 */
class DriverObjectsTest {
  private static final String NS = "team";
  private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");
  private final EmulatedClock clock = new EmulatedClock(ORIGIN);

  private SlotController controller(MockCluster cluster, DriverKind driver) {
    return new SlotController(
            cluster.newControllerClient(),
            new ControllerConfig(NS, 60, 2, FittedOptimusSpeed.INSTANCE),
            Schedulers.baseline("drf"),
            clock,
            new ApiRetry(3, Duration.ofMillis(1)))
        .using(driver, null);
  }

  @Test
  void aFailedPodIsReplaced() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob(NS, "a", "resnet-50", 10);
      SlotController controller = controller(cluster, DriverKind.PODS);
      controller.reconcile();
      Pod worker = cluster.client().pods().inNamespace(NS).withName("a-worker-0").get();
      String node = worker.getSpec().getNodeName();
      worker.setStatus(
          new io.fabric8.kubernetes.api.model.PodStatusBuilder()
              .withPhase("Failed")
              .withReason("OutOfcpu")
              .build());
      cluster.client().pods().inNamespace(NS).resource(worker).updateStatus();
      clock.set(ORIGIN.plusSeconds(60));

      SlotReport report = controller.reconcile();

      assertThat(report.podsDeleted()).isEqualTo(1);
      assertThat(report.podsCreated()).isEqualTo(1);
      assertThat(cluster.podNames(NS)).doesNotContain("a-worker-0").contains("a-worker-2");
      assertThat(
              cluster
                  .client()
                  .pods()
                  .inNamespace(NS)
                  .withName("a-worker-2")
                  .get()
                  .getSpec()
                  .getNodeName())
          .isEqualTo(node);
    }
  }

  @Test
  void aSwitchOfDriversRemovesThePreviousDriversObjectsAndLeavesOthersPodsAlone() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob(NS, "a", "resnet-50", 10);
      controller(cluster, DriverKind.PODS).reconcile();
      assertThat(cluster.podNames(NS)).isNotEmpty();

      controller(cluster, DriverKind.INDEXED_JOB).reconcile();
      assertThat(cluster.podNames(NS)).as("the pods driver's pods are gone").isEmpty();
      assertThat(cluster.client().batch().v1().jobs().inNamespace(NS).withName("a").get())
          .isNotNull();
      assertThat(
              cluster
                  .client()
                  .configMaps()
                  .inNamespace(NS)
                  .withName("dl2-controller-state")
                  .get()
                  .getData())
          .containsEntry("driver", "indexed-job");

      // What the Job controller would have made: the template's labels, owned by the Job.
      String jobUid =
          cluster
              .client()
              .batch()
              .v1()
              .jobs()
              .inNamespace(NS)
              .withName("a")
              .get()
              .getMetadata()
              .getUid();
      cluster
          .client()
          .pods()
          .inNamespace(NS)
          .resource(
              new PodBuilder()
                  .withNewMetadata()
                  .withName("a-0-x7k2p")
                  .addToLabels(Labels.MANAGED_BY, Labels.CONTROLLER)
                  .addToLabels(Labels.JOB, "a")
                  .addToLabels(Labels.ROLE, Labels.WORKER)
                  .addNewOwnerReference()
                  .withApiVersion("batch/v1")
                  .withKind("Job")
                  .withName("a")
                  .withUid(jobUid)
                  .withController(true)
                  .endOwnerReference()
                  .endMetadata()
                  .withNewSpec()
                  .withNodeName("node-000")
                  .addNewContainer()
                  .withName("worker")
                  .withImage("pause")
                  .endContainer()
                  .endSpec()
                  .build())
          .create();
      clock.set(ORIGIN.plusSeconds(60));

      controller(cluster, DriverKind.PODS).reconcile();
      assertThat(cluster.client().batch().v1().jobs().inNamespace(NS).withName("a").get())
          .as("the Job is deleted")
          .isNull();
      assertThat(cluster.podNames(NS))
          .as("the Job's pod is its garbage collector's, not the pods driver's")
          .contains(
              "a-0-x7k2p",
              "a-worker-2",
              "a-ps-2"); // a-worker-0 and -1 ran before: their names are spent
    }
  }

  @Test
  void everyDriversPodsTolerateTheTaintsOfTheNodesTheControllerUses() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob(NS, "a", "resnet-50", 10);
      java.util.function.Predicate<Object> tolerates =
          json -> {
            String text = cluster.client().getKubernetesSerialization().asJson(json);
            return text.contains("{\"key\":\"dl2.io/dedicated\",\"operator\":\"Exists\"}")
                && text.contains("{\"key\":\"nvidia.com/gpu\",\"operator\":\"Exists\"}");
          };
      controller(cluster, DriverKind.PODS).reconcile();
      assertThat(cluster.client().pods().inNamespace(NS).list().getItems())
          .isNotEmpty()
          .allMatch(p -> tolerates.test(p.getSpec().getTolerations()));
      controller(cluster, DriverKind.INDEXED_JOB).reconcile();
      assertThat(cluster.client().batch().v1().jobs().inNamespace(NS).list().getItems())
          .singleElement()
          .matches(j -> tolerates.test(j.getSpec().getTemplate().getSpec().getTolerations()));
      controller(cluster, DriverKind.VOLCANO).reconcile();
      assertThat(
              cluster
                  .client()
                  .genericKubernetesResources(dl2.kubernetes.driver.VolcanoDriver.VCJOBS)
                  .inNamespace(NS)
                  .list()
                  .getItems())
          .singleElement()
          .matches(j -> tolerates.test(j.getAdditionalProperties().get("spec")));
    }
  }
}
