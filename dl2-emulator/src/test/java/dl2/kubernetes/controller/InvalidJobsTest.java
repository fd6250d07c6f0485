package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobCondition;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.ProgressReporter;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One DL2Job that the API server accepts but whose objects it would reject never stops the
 * namespace: names and templates are checked with the API's own rules before anything is sent, and
 * a job whose objects the server still rejects is marked {@code Valid=False} with the server's
 * message and left out until its spec changes, while every other job is applied and its status
 * written.
 */
class InvalidJobsTest {
  private static final String NS = "team";
  private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");
  private final EmulatedClock clock = new EmulatedClock(ORIGIN);

  private SlotController controller(MockCluster cluster) {
    return new SlotController(
        cluster.newControllerClient(),
        new ControllerConfig(NS, 60, 4, FittedOptimusSpeed.INSTANCE),
        Schedulers.baseline("drf"),
        clock,
        new ApiRetry(3, Duration.ofMillis(1)));
  }

  private static void createJob(MockCluster cluster, String name, String containerName) {
    Dl2Job job = new Dl2Job();
    job.getMetadata().setName(name);
    job.setSpec(new Dl2JobSpec());
    job.getSpec().modelType = "resnet-50";
    job.getSpec().epochs = 10.0;
    job.getSpec().maxWorkers = 1;
    job.getSpec().maxParameterServers = 1;
    if (containerName != null) {
      job.getSpec().workerTemplate =
          new PodTemplateSpecBuilder()
              .withNewSpec()
              .addNewContainer()
              .withName(containerName)
              .withImage("registry.example.com/train:1")
              .endContainer()
              .endSpec()
              .build();
    }
    cluster.client().resources(Dl2Job.class).inNamespace(NS).resource(job).create();
  }

  private static Dl2JobCondition valid(Dl2JobStatus status) {
    return status.conditions.stream().filter(c -> c.type.equals("Valid")).findFirst().orElseThrow();
  }

  @Test
  void namesAndTemplatesTheApiServerWouldRejectAreMarkedBeforeAnythingIsSent() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      createJob(cluster, "a-badpod", "Worker");
      createJob(cluster, "bert.v2", null);
      createJob(cluster, "9lives", null);
      createJob(cluster, "resnet50-imagenet-hyperparameter-sweep-learning-rate-0001", null);
      createJob(cluster, "c-good", "worker");

      SlotReport report = controller(cluster).reconcile();

      assertThat(report.phases())
          .containsEntry(JobPhase.Invalid, 4)
          .containsEntry(JobPhase.Running, 1);
      Dl2JobCondition template = valid(cluster.status(NS, "a-badpod"));
      assertThat(template.reason).isEqualTo("BadTemplate");
      assertThat(template.message)
          .startsWith(
              "spec.workerTemplate.spec.containers[0].name: \"Worker\": a lowercase RFC 1123 label");
      assertThat(valid(cluster.status(NS, "bert.v2")).message)
          .startsWith(
              "metadata.name \"bert.v2\" cannot name the job's "
                  + "Service: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic");
      assertThat(valid(cluster.status(NS, "9lives")).reason).isEqualTo("BadName");
      assertThat(
              valid(cluster.status(NS, "resnet50-imagenet-hyperparameter-sweep-learning-rate-0001"))
                  .message)
          .isEqualTo(
              "metadata.name \"resnet50-imagenet-hyperparameter-sweep-learning-rate-0001\" is too long for its pods' "
                  + "hostnames: with pods and --task-cap 4 they reach 66 characters, and Kubernetes allows 63 (use at most 54)");
      assertThat(cluster.podNames(NS)).containsExactly("c-good-ps-0", "c-good-worker-0");
      assertThat(cluster.client().v1().events().inNamespace(NS).list().getItems())
          .anyMatch(
              e ->
                  e.getReason().equals("Invalid")
                      && e.getInvolvedObject().getName().equals("a-badpod")
                      && e.getType().equals("Warning"));
    }
  }

  /**
   * Answers 422 with the API server's words to every pod of job b-rejected, while {@code
   * rejecting}.
   */
  private static final class RejectingPods extends Dispatcher {
    private final Dispatcher store;
    final AtomicBoolean rejecting = new AtomicBoolean(true);
    final AtomicInteger rejected = new AtomicInteger();

    RejectingPods(Dispatcher store) {
      this.store = store;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String body =
          request.getBody() == null
              ? ""
              : new String(request.getBody().getBytes(), java.nio.charset.StandardCharsets.UTF_8);
      if (rejecting.get()
          && request.getMethod().equals("POST")
          && request.getPath().endsWith("/pods")
          && body.contains("\"dl2.io/job\":\"b-rejected\"")) {
        rejected.incrementAndGet();
        return new MockResponse()
            .setResponseCode(422)
            .setBody(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                    + "\"message\":\"Pod \\\"b-rejected-worker-0\\\" is invalid: spec.containers[0].volumeMounts[0].name: Not found: "
                    + "\\\"data\\\"\",\"reason\":\"Invalid\",\"code\":422}");
      }
      return store.dispatch(request);
    }

    @Override
    public void shutdown() {
      store.shutdown();
    }
  }

  @Test
  void aJobWhoseObjectsTheServerRejectsIsLeftOutUntilItsSpecChangesAndTheOthersGoOn() {
    RejectingPods[] api = new RejectingPods[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(4), d -> api[0] = new RejectingPods(d), Duration.ofSeconds(10))) {
      createJob(cluster, "a-good", null);
      createJob(cluster, "c-finishing", null);
      SlotController controller = controller(cluster);
      controller.reconcile();
      new ProgressReporter(cluster.client(), NS, ApiRetry.standard())
          .report("c-finishing", 10, ORIGIN.plusSeconds(30));
      createJob(cluster, "b-rejected", null);
      clock.set(ORIGIN.plusSeconds(60));

      SlotReport slot1 = controller.reconcile();

      assertThat(slot1.rejected()).containsOnlyKeys("b-rejected");
      Dl2JobStatus rejected = cluster.status(NS, "b-rejected");
      assertThat(rejected.phase).isEqualTo("Invalid");
      assertThat(valid(rejected).reason).isEqualTo("Rejected");
      assertThat(valid(rejected).message)
          .isEqualTo(
              "the API server rejected the job's objects: Pod \"b-rejected-worker-0\" "
                  + "is invalid: spec.containers[0].volumeMounts[0].name: Not found: \"data\"");
      assertThat(cluster.status(NS, "c-finishing").phase)
          .as("the other statuses are written")
          .isEqualTo("Completed");
      assertThat(cluster.status(NS, "a-good").slotsRun).isEqualTo(2);
      assertThat(cluster.podNames(NS))
          .as("what was made of the rejected job is removed")
          .noneMatch(p -> p.startsWith("b-rejected"))
          .contains("a-good-ps-0", "a-good-worker-0");
      assertThat(cluster.client().services().inNamespace(NS).withName("b-rejected").get()).isNull();

      int attempts = api[0].rejected.get();
      clock.set(ORIGIN.plusSeconds(120));
      assertThat(controller.reconcile().phases()).containsEntry(JobPhase.Invalid, 1);
      assertThat(api[0].rejected.get())
          .as("not sent again while its spec is the same")
          .isEqualTo(attempts);

      api[0].rejecting.set(false); // the user fixes the template
      Dl2Job job =
          cluster.client().resources(Dl2Job.class).inNamespace(NS).withName("b-rejected").get();
      job.getSpec().epochs = 11.0;
      cluster.client().resources(Dl2Job.class).inNamespace(NS).resource(job).update();
      clock.set(ORIGIN.plusSeconds(180));
      controller.reconcile();
      assertThat(cluster.status(NS, "b-rejected").phase).isEqualTo("Running");
      assertThat(cluster.podNames(NS))
          .contains("b-rejected-worker-1"); // the rejected attempt spent index 0
    }
  }
}
