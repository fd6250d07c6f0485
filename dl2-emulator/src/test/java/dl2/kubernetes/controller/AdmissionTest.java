package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Dl2Job;
import dl2.kubernetes.api.Dl2JobCondition;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.Labels;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.VolcanoDriver;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the API server's admission refuses is one job's problem, not the slot's (real-cluster
 * findings N2 and N5): a ResourceQuota's or a LimitRange's 403 marks the job {@code Rejected} with
 * the server's message while the others go on; RBAC's 403 still fails the slot; a job deleted
 * during the slot is skipped; and a slot that fails half-way never leaves a job with fewer pods
 * than its status claims.
 */
class AdmissionTest {
  private static final String NS = "team";
  private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");
  private static final String QUOTA =
      "failed quota: mem: must specify limits.memory for: worker; requests.memory for: worker";

  private final EmulatedClock clock = new EmulatedClock(ORIGIN);
  private final AdmissionRules[] rules = new AdmissionRules[1];
  private MockCluster cluster;

  @AfterEach
  void stop() {
    cluster.close();
  }

  private AdmissionRules start(int nodes) {
    cluster =
        new MockCluster(
            ClusterSpec.ofNodes(nodes),
            d -> rules[0] = new AdmissionRules(d),
            Duration.ofSeconds(10));
    return rules[0];
  }

  private SlotController controller() {
    return new SlotController(
        cluster.newControllerClient(),
        new ControllerConfig(NS, 60, 4, FittedOptimusSpeed.INSTANCE),
        Schedulers.baseline("drf"),
        clock,
        new ApiRetry(3, Duration.ofMillis(1)));
  }

  private static PodTemplateSpec withMemory(String container) {
    Map<String, Quantity> memory = Map.of("memory", new Quantity("4Gi"));
    return new PodTemplateSpecBuilder()
        .withNewSpec()
        .addNewContainer()
        .withName(container)
        .withImage("train:1")
        .withNewResources()
        .withRequests(memory)
        .withLimits(memory)
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }

  private void createJob(String name, boolean memory, int cap) {
    Dl2Job job = new Dl2Job();
    job.getMetadata().setName(name);
    job.setSpec(new Dl2JobSpec());
    job.getSpec().modelType = "resnet-50";
    job.getSpec().epochs = 1e6;
    job.getSpec().maxWorkers = cap;
    job.getSpec().maxParameterServers = cap;
    if (memory) {
      job.getSpec().workerTemplate = withMemory("worker");
      job.getSpec().psTemplate = withMemory("ps");
    }
    cluster.client().resources(Dl2Job.class).inNamespace(NS).resource(job).create();
  }

  private Map<String, String> podNodes(String job) {
    Map<String, String> pods = new TreeMap<>();
    for (Pod pod :
        cluster.client().pods().inNamespace(NS).withLabel(Labels.JOB, job).list().getItems()) {
      pods.put(pod.getMetadata().getName(), pod.getSpec().getNodeName());
    }
    return pods;
  }

  private static Dl2JobCondition valid(Dl2JobStatus status) {
    return status.conditions.stream().filter(c -> c.type.equals("Valid")).findFirst().orElseThrow();
  }

  private void nextSlot() {
    clock.set(clock.instant().plusSeconds(60));
  }

  @Test
  void
      withAMemoryQuotaJobsWhoseTemplatesSetMemoryRunTheOthersAreRejectedAndNoRunningPodIsDeleted() {
    AdmissionRules admission = start(6);
    createJob("a-running", true, 2);
    SlotController controller = controller();
    controller.reconcile();
    Map<String, String> running = podNodes("a-running");
    assertThat(running).hasSize(4);

    admission.add(
        r ->
            r.createsPod() && !r.body().contains("\"memory\":")
                ? AdmissionRules.status(
                    403, "Forbidden", "pods \"" + r.podName() + "\" is forbidden: " + QUOTA)
                : null);
    createJob("b-memory", true, 2);
    createJob("c-no-memory", false, 2);
    nextSlot();
    SlotReport report = controller.reconcile();

    assertThat(report.rejected()).containsOnlyKeys("c-no-memory");
    Dl2JobStatus rejected = cluster.status(NS, "c-no-memory");
    assertThat(rejected.phase).isEqualTo(JobPhase.Invalid.name());
    assertThat(valid(rejected).reason).isEqualTo("Rejected");
    assertThat(valid(rejected).message).contains(QUOTA);
    assertThat(podNodes("c-no-memory")).isEmpty();
    assertThat(cluster.status(NS, "b-memory").phase).isEqualTo(JobPhase.Running.name());
    assertThat(podNodes("b-memory")).hasSize(4);
    assertThat(podNodes("a-running")).as("no running pod is deleted").isEqualTo(running);
    assertThat(cluster.status(NS, "a-running").slotsRun).isEqualTo(2);
  }

  /**
   * A quota that arrives under a running job without memory must not end it the first time it is to
   * grow. Two nodes hold two bundles each: drf gives {@code a-running} and {@code b-leaving} (caps
   * 4) two bundles each, 8 pods. Then the quota comes and {@code b-leaving} is deleted: drf gives
   * {@code a-running} all four bundles, and its 4 new pods are refused. It keeps its 2 workers and
   * 2 PS where they run, its status claims those, and the slot says why it did not grow; it is not
   * rejected.
   */
  @Test
  void aRunningJobWhoseNewPodsAreRefusedKeepsThePodsItRuns() {
    AdmissionRules admission = start(2);
    createJob("a-running", false, 4);
    createJob("b-leaving", true, 4);
    SlotController controller = controller();
    controller.reconcile();
    Map<String, String> running = podNodes("a-running");
    assertThat(running).hasSize(4);

    admission.add(
        r ->
            r.createsPod() && !r.body().contains("\"memory\":")
                ? AdmissionRules.status(
                    403, "Forbidden", "pods \"" + r.podName() + "\" is forbidden: " + QUOTA)
                : null);
    cluster.client().resources(Dl2Job.class).inNamespace(NS).withName("b-leaving").delete();
    nextSlot();
    SlotReport report = controller.reconcile();

    assertThat(report.rejected()).isEmpty();
    assertThat(report.refused()).containsOnlyKeys("a-running");
    assertThat(report.refused().get("a-running")).contains(QUOTA);
    assertThat(podNodes("a-running")).as("no running pod is deleted").isEqualTo(running);
    Dl2JobStatus status = cluster.status(NS, "a-running");
    assertThat(status.phase).isEqualTo(JobPhase.Running.name());
    assertThat(status.workers).isEqualTo(2);
    assertThat(status.parameterServers).isEqualTo(2);
    assertThat(report.allocations())
        .singleElement()
        .matches(a -> a.workers() == 2 && a.parameterServers() == 2, "the kept 2 workers, 2 PS");
    assertThat(report.podsCreated()).as("a refused pod is no churn").isZero();
    assertThat(report.podsDeleted()).as("b-leaving's 2 workers and 2 PS").isEqualTo(4);
    Event event =
        cluster.client().v1().events().inNamespace(NS).withName("a-running.refused1").get();
    assertThat(event.getType()).isEqualTo("Warning");
    assertThat(event.getReason()).isEqualTo("Refused");
    assertThat(event.getMessage()).startsWith("slot 1: keeps 2 workers/2 PS;").contains(QUOTA);

    admission.clear(); // the quota goes: the job grows again
    nextSlot();
    SlotReport after = controller.reconcile();
    assertThat(after.refused()).isEmpty();
    assertThat(podNodes("a-running")).hasSize(8).containsAllEntriesOf(running);
  }

  /**
   * A running job keeps the new pods the namespace admits: {@code a-running}'s worker template sets
   * memory and its PS template does not, so when it grows from 2 workers and 2 PS to 4 and 4 (as
   * above), the quota admits its 2 new workers and refuses its 2 new PS. It keeps 4 workers and 2
   * PS, and the next slot, under the same quota, changes nothing (no pod created and deleted again
   * every slot, each time restarting the job).
   */
  @Test
  void aRunningJobKeepsTheNewPodsTheQuotaAdmitsAndTheNextSlotChangesNothing() {
    AdmissionRules admission = start(2);
    createJob("a-running", false, 4);
    Dl2Job grower =
        cluster.client().resources(Dl2Job.class).inNamespace(NS).withName("a-running").get();
    grower.getSpec().workerTemplate = withMemory("worker");
    cluster.client().resources(Dl2Job.class).inNamespace(NS).resource(grower).update();
    createJob("b-leaving", true, 4);
    SlotController controller = controller();
    controller.reconcile();
    Map<String, String> running = podNodes("a-running");
    assertThat(running).hasSize(4);

    admission.add(
        r ->
            r.createsPod() && !r.body().contains("\"memory\":")
                ? AdmissionRules.status(
                    403, "Forbidden", "pods \"" + r.podName() + "\" is forbidden: " + QUOTA)
                : null);
    cluster.client().resources(Dl2Job.class).inNamespace(NS).withName("b-leaving").delete();
    nextSlot();
    SlotReport report = controller.reconcile();
    nextSlot();
    SlotReport next = controller.reconcile();

    assertThat(report.refused()).containsOnlyKeys("a-running");
    assertThat(podNodes("a-running")).hasSize(6).containsAllEntriesOf(running);
    Dl2JobStatus status = cluster.status(NS, "a-running");
    assertThat(status.workers).isEqualTo(4);
    assertThat(status.parameterServers).isEqualTo(2);
    assertThat(next.refused()).containsOnlyKeys("a-running");
    assertThat(next.podsCreated()).as("pods created in the next slot").isZero();
    assertThat(next.podsDeleted()).as("pods deleted in the next slot").isZero();
  }

  /**
   * Under volcano a running job whose resize a webhook refuses keeps its Volcano Job at the size it
   * had: drf gives {@code a-running} and {@code b-leaving} two bundles each on two nodes; when
   * {@code b-leaving} goes, {@code a-running} is to grow to four, and the patch is refused.
   */
  @Test
  void underVolcanoARunningJobWhoseResizeIsRefusedKeepsItsJobAtItsSize() {
    AdmissionRules admission = start(2);
    createJob("a-running", false, 4);
    createJob("b-leaving", false, 4);
    SlotController controller = controller().using(DriverKind.VOLCANO, null);
    controller.reconcile();
    assertThat(VolcanoDriver.replicas(volcanoJob("a-running"))).containsExactly(2, 2);

    String denied =
        "admission webhook \"validatejob.volcano.sh\" denied the request: no resize today";
    admission.add(
        r ->
            r.method().equals("PATCH") && r.path().contains("/batch.volcano.sh/")
                ? AdmissionRules.status(400, "BadRequest", denied)
                : null);
    cluster.client().resources(Dl2Job.class).inNamespace(NS).withName("b-leaving").delete();
    nextSlot();
    SlotReport report = controller.reconcile();

    assertThat(report.rejected()).isEmpty();
    assertThat(report.refused()).containsOnlyKeys("a-running");
    assertThat(report.podsCreated()).as("a refused resize is no churn").isZero();
    assertThat(report.podsDeleted()).as("b-leaving's Volcano Job").isEqualTo(4);
    assertThat(volcanoJob("a-running")).as("its Volcano Job is kept").isNotNull();
    assertThat(VolcanoDriver.replicas(volcanoJob("a-running"))).containsExactly(2, 2);
    Dl2JobStatus status = cluster.status(NS, "a-running");
    assertThat(status.phase).isEqualTo(JobPhase.Running.name());
    assertThat(status.workers).isEqualTo(2);
    assertThat(status.parameterServers).isEqualTo(2);
  }

  private GenericKubernetesResource volcanoJob(String name) {
    return cluster
        .client()
        .genericKubernetesResources(VolcanoDriver.VCJOBS)
        .inNamespace(NS)
        .withName(name)
        .get();
  }

  @Test
  void aLimitRangeRefusesNewPodsOfEveryJobButTheRunningOnesGoOn() {
    AdmissionRules admission = start(8);
    createJob("a-running", false, 4);
    SlotController controller = controller();
    controller.reconcile();
    Map<String, String> running = podNodes("a-running");

    admission.add(
        r ->
            r.createsPod()
                ? AdmissionRules.status(
                    403,
                    "Forbidden",
                    "pods \""
                        + r.podName()
                        + "\" is forbidden: maximum cpu usage per Container is 1, but limit is 2")
                : null);
    createJob("b-new", false, 4);
    nextSlot();
    SlotReport report = controller.reconcile();

    assertThat(report.rejected()).containsOnlyKeys("b-new");
    assertThat(valid(cluster.status(NS, "b-new")).message)
        .endsWith("maximum cpu usage per Container is 1, but limit is 2");
    assertThat(podNodes("a-running")).isEqualTo(running);
    assertThat(cluster.status(NS, "a-running").phase).isEqualTo(JobPhase.Running.name());
  }

  @Test
  void aForbiddenAnswerOfRbacStillFailsTheSlotAndRejectsNoJob() {
    AdmissionRules admission = start(2);
    admission.add(
        r ->
            r.createsPod()
                ? AdmissionRules.status(
                    403,
                    "Forbidden",
                    "pods is forbidden: User "
                        + "\"system:serviceaccount:team:dl2-controller\" cannot create resource \"pods\" in API group \"\" in the namespace "
                        + "\"team\"")
                : null);
    createJob("a", false, 2);
    assertThatThrownBy(() -> controller().reconcile())
        .hasMessageContaining("cannot create resource \"pods\"");
    assertThat(cluster.status(NS, "a"))
        .matches(s -> s == null || !JobPhase.Invalid.name().equals(s.phase));
  }

  @Test
  void aJobDeletedDuringTheSlotIsSkippedAndTheOtherStatusesAreWritten() {
    AdmissionRules admission = start(4);
    createJob("a", false, 1);
    createJob("b-deleted", false, 1);
    createJob("c", false, 1);
    admission.add(
        r ->
            r.method().equals("PATCH") && r.path().contains("/dl2jobs/b-deleted/status")
                ? AdmissionRules.status(404, "NotFound", "dl2jobs.dl2.io \"b-deleted\" not found")
                : null);

    SlotReport report = controller().reconcile();

    assertThat(report.slot()).isZero();
    assertThat(cluster.status(NS, "a").phase).isEqualTo(JobPhase.Running.name());
    assertThat(cluster.status(NS, "c").phase)
        .as("written after the vanished job's")
        .isEqualTo(JobPhase.Running.name());
  }

  @Test
  void aSlotWhoseCreationsFailAfterAShrinkLeavesNoJobWithFewerPodsThanItsStatusClaims() {
    AdmissionRules admission = start(2);
    createJob("a", false, 4);
    SlotController controller = controller();
    controller.reconcile();
    assertThat(podNodes("a")).hasSize(8); // 4 bundles fill both nodes

    admission.add(
        r ->
            r.createsPod() && r.ofJob("b")
                ? AdmissionRules.status(503, "ServiceUnavailable", "unavailable")
                : null);
    createJob("b", false, 4);
    nextSlot();
    assertThatThrownBy(controller::reconcile).isInstanceOf(RuntimeException.class);

    Dl2JobStatus a = cluster.status(NS, "a");
    long workers = podNodes("a").keySet().stream().filter(n -> n.contains("-worker-")).count();
    long ps = podNodes("a").keySet().stream().filter(n -> n.contains("-ps-")).count();
    assertThat(workers).as("workers of a against its status").isGreaterThanOrEqualTo(a.workers);
    assertThat(ps).as("PS of a against its status").isGreaterThanOrEqualTo(a.parameterServers);
  }

  @Test
  void podsThatMoveToFreeRoomAreCreatedBeforeTheOldOnesAreDeleted() {
    AdmissionRules admission = start(3);
    createJob("a", false, 2);
    SlotController controller = controller();
    controller.reconcile();
    Map<String, String> before = podNodes("a");
    assertThat(before).containsValue("node-000").doesNotContainValue("node-002");

    cluster
        .client()
        .nodes()
        .withName("node-000")
        .edit(
            n -> {
              n.setSpec(new NodeSpec());
              n.getSpec().setUnschedulable(true);
              return n;
            });
    admission.add(
        r ->
            r.createsPod()
                ? AdmissionRules.status(503, "ServiceUnavailable", "unavailable")
                : null);
    nextSlot();
    assertThatThrownBy(controller::reconcile).isInstanceOf(RuntimeException.class);

    assertThat(podNodes("a")).as("nothing deleted before its replacement exists").isEqualTo(before);
  }
}
