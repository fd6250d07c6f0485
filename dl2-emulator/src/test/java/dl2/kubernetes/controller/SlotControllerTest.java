package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.ProgressReporter;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One controller slot at a time against the CRUD mock server, on 2 nodes of 8 cores and 2 GPUs. */
class SlotControllerTest {
  private static final String NS = "team";
  private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");
  private static final int SLOT_SECONDS = 60;

  private MockCluster cluster;
  private final EmulatedClock clock = new EmulatedClock(ORIGIN);

  @BeforeEach
  void start() {
    cluster = new MockCluster(ClusterSpec.ofNodes(2));
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  private SlotController controller() {
    return new SlotController(
        cluster.newControllerClient(),
        new ControllerConfig(NS, SLOT_SECONDS, 4, FittedOptimusSpeed.INSTANCE),
        Schedulers.baseline("drf"),
        clock,
        new ApiRetry(3, Duration.ofMillis(1)));
  }

  @Test
  void invalidJobsGetAConditionAndNeverStopTheOthers() {
    cluster.createJob(NS, "a-bad-model", "resnet-51", 10);
    GenericKubernetesResource unparsable =
        new GenericKubernetesResourceBuilder()
            .withApiVersion("dl2.io/v1alpha1")
            .withKind("DL2Job")
            .withNewMetadata()
            .withName("b-bad-epochs")
            .withNamespace(NS)
            .endMetadata()
            .addToAdditionalProperties("spec", Map.of("modelType", "wlm", "epochs", "ten"))
            .build();
    cluster
        .client()
        .genericKubernetesResources(ClusterApi.DL2JOBS)
        .inNamespace(NS)
        .resource(unparsable)
        .create();
    cluster.createJob(NS, "c-good", "wlm", 10);

    SlotReport report = controller().reconcile();

    assertThat(report.phases())
        .containsEntry(JobPhase.Invalid, 2)
        .containsEntry(JobPhase.Running, 1);
    Dl2JobStatus bad = cluster.status(NS, "a-bad-model");
    assertThat(bad.phase).isEqualTo("Invalid");
    assertThat(bad.conditions)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.type).isEqualTo("Valid");
              assertThat(c.status).isEqualTo("False");
              assertThat(c.reason).isEqualTo("UnknownModelType");
            });
    Map<?, ?> unparsableStatus =
        (Map<?, ?>)
            cluster
                .client()
                .genericKubernetesResources(ClusterApi.DL2JOBS)
                .inNamespace(NS)
                .withName("b-bad-epochs")
                .get()
                .getAdditionalProperties()
                .get("status");
    assertThat(unparsableStatus.get("phase")).isEqualTo("Invalid");
    assertThat(((Map<?, ?>) ((List<?>) unparsableStatus.get("conditions")).get(0)).get("reason"))
        .isEqualTo("SchemaMismatch");
    // DRF gives the only valid job bundles up to the cap of 4, alternating the two nodes.
    assertThat(cluster.podNames(NS))
        .containsExactly(
            "c-good-ps-0",
            "c-good-ps-1",
            "c-good-ps-2",
            "c-good-ps-3",
            "c-good-worker-0",
            "c-good-worker-1",
            "c-good-worker-2",
            "c-good-worker-3");
    assertThat(cluster.status(NS, "c-good").jobId).isEqualTo(1);
  }

  @Test
  void aRestartedControllerRedoingTheSlotChangesNothing() {
    cluster.createJob(NS, "a", "resnet-50", 10);
    cluster.createJob(NS, "b", "vgg-16", 10);
    SlotReport first = controller().reconcile();
    List<String> pods = cluster.podNames(NS);
    SlotReport again = controller().reconcile();
    assertThat(first.podsCreated()).isPositive();
    assertThat(again.podsCreated()).isZero();
    assertThat(again.podsDeleted()).isZero();
    assertThat(cluster.podNames(NS)).isEqualTo(pods);
    assertThat(cluster.status(NS, "a").slotsRun).isEqualTo(1);
    assertThat(again.allocations()).isEqualTo(first.allocations());
  }

  @Test
  void perJobCapsLimitTheAllocation() {
    cluster.createJob(NS, "small", "resnet-50", 10);
    var job = cluster.client().resources(Dl2Job.class).inNamespace(NS).withName("small").get();
    job.getSpec().maxWorkers = 1;
    cluster.client().resources(Dl2Job.class).inNamespace(NS).resource(job).update();
    controller().reconcile();
    assertThat(cluster.podNames(NS)).containsExactly("small-ps-0", "small-worker-0");
  }

  @Test
  void aReportedFinishCompletesTheJobAtItsFractionalSlotAndRemovesItsPods() {
    cluster.createJob(NS, "a", "resnet-50", 10);
    SlotController controller = controller();
    controller.reconcile();
    new ProgressReporter(cluster.client(), NS, ApiRetry.standard())
        .report("a", 10, ORIGIN.plusSeconds(45));
    clock.set(ORIGIN.plusSeconds(SLOT_SECONDS));
    SlotReport second = controller.reconcile();
    Dl2JobStatus status = cluster.status(NS, "a");
    assertThat(status.phase).isEqualTo("Completed");
    assertThat(status.completedAtSlots).isEqualTo(0.75);
    assertThat(status.epochsDone).isEqualTo(10.0);
    assertThat(second.slot()).isEqualTo(1);
    assertThat(second.reward()).as("Δ/E = (10 − 0)/10 since the previous slot").isEqualTo(1.0);
    assertThat(cluster.podNames(NS)).isEmpty();
    assertThat(cluster.client().services().inNamespace(NS).list().getItems()).isEmpty();
    assertThat(
            cluster
                .client()
                .v1()
                .events()
                .inNamespace(NS)
                .withName("a.completed")
                .get()
                .getMessage())
        .isEqualTo("slot 1: training finished at slot 0.7500; its tasks are released");
  }
}
