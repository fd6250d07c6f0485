package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedClock;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.Labels;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.NodeSpec;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a change of the usable nodes does to the pods (real-cluster finding N4): only the pods of
 * the node that left move, a NotReady blip shorter than the grace period moves nothing, a zone that
 * is out as a whole moves nothing, and a pod's name never comes back on another node. The setting
 * of the finding: 40 nodes of 8 cores and 2 GPUs, 21 jobs capped at 8 workers and 4 PS, DRF.
 */
class NodeChurnTest {
  private static final String NS = "team";
  private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");
  private static final int SLOT_SECONDS = 60;
  private static final List<JobType> TYPES =
      List.of(JobType.RESNET_50, JobType.VGG_16, JobType.INCEPTION_BN);

  private final EmulatedClock clock = new EmulatedClock(ORIGIN);
  private MockCluster cluster;

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private SlotController controller() {
    return new SlotController(
        cluster.newControllerClient(),
        new ControllerConfig(NS, SLOT_SECONDS, 16, FittedOptimusSpeed.INSTANCE),
        Schedulers.baseline("drf"),
        clock,
        new ApiRetry(3, Duration.ofMillis(1)));
  }

  /**
   * {@code jobs} jobs of 10^6 epochs (none finishes), capped at 8 workers and 4 PS, on {@code
   * nodes} nodes.
   */
  private SlotController busyCluster(int nodes, int jobs) {
    cluster = new MockCluster(ClusterSpec.ofNodes(nodes));
    for (int i = 1; i <= jobs; i++) {
      cluster.createJob(
          NS,
          JobSpec.exact(i, TYPES.get(i % TYPES.size()), 0, 1e6).withCaps(8, 4),
          String.format("big-%02d", i));
    }
    return controller();
  }

  /** Each live pod's node, by pod name. */
  private Map<String, String> podNodes() {
    Map<String, String> nodes = new TreeMap<>();
    for (Pod pod :
        cluster
            .client()
            .pods()
            .inNamespace(NS)
            .withLabel(Labels.MANAGED_BY, Labels.CONTROLLER)
            .list()
            .getItems()) {
      if (pod.getMetadata().getDeletionTimestamp() == null) {
        nodes.put(pod.getMetadata().getName(), pod.getSpec().getNodeName());
      }
    }
    return nodes;
  }

  private Map<String, String> on(Map<String, String> pods, String node) {
    Map<String, String> on = new TreeMap<>(pods);
    on.values().removeIf(n -> !n.equals(node));
    return on;
  }

  private Map<String, String> off(Map<String, String> pods, String node) {
    Map<String, String> off = new TreeMap<>(pods);
    off.values().removeIf(n -> n.equals(node));
    return off;
  }

  private void cordon(String node, boolean cordoned) {
    cluster
        .client()
        .nodes()
        .withName(node)
        .edit(
            n -> {
              if (n.getSpec() == null) {
                n.setSpec(new NodeSpec());
              }
              n.getSpec().setUnschedulable(cordoned ? Boolean.TRUE : null);
              return n;
            });
  }

  /**
   * Ready={@code status} since {@code since}, with the taints the node lifecycle controller adds to
   * a node it cannot reach.
   */
  private void notReady(String node, Instant since) {
    cluster
        .client()
        .nodes()
        .withName(node)
        .edit(
            n -> {
              if (n.getSpec() == null) {
                n.setSpec(new NodeSpec());
              }
              n.getSpec()
                  .setTaints(
                      List.of(
                          new Taint(
                              "NoSchedule",
                              "node.kubernetes.io/unreachable",
                              since.toString(),
                              null),
                          new Taint(
                              "NoExecute",
                              "node.kubernetes.io/unreachable",
                              since.toString(),
                              null)));
              return n;
            });
    cluster
        .client()
        .nodes()
        .withName(node)
        .editStatus(
            n -> {
              n.getStatus().getConditions().get(0).setStatus("Unknown");
              n.getStatus().getConditions().get(0).setLastTransitionTime(since.toString());
              return n;
            });
  }

  /** Each job's tasks, workers and PS, as its status says. */
  private Map<String, Integer> allocations() {
    Map<String, Integer> tasks = new TreeMap<>();
    for (var job :
        cluster
            .client()
            .resources(dl2.kubernetes.api.Dl2Job.class)
            .inNamespace(NS)
            .list()
            .getItems()) {
      var status = job.getStatus();
      tasks.put(
          job.getMetadata().getName(),
          status == null || status.workers == null ? 0 : status.workers + status.parameterServers);
    }
    return tasks;
  }

  private static String jobOf(String pod) {
    return pod.substring(0, pod.lastIndexOf('-', pod.lastIndexOf('-') - 1));
  }

  /**
   * Only {@code node}'s pods moved: the slot ({@code report}) created no more pods than left the
   * node, and the pods it deleted elsewhere belong to jobs the decision shrank (the cluster lost
   * room), no more of each than it shrank; every other pod is where it was.
   */
  private void assertOnlyPodsOf(
      String node,
      Map<String, String> before,
      Map<String, Integer> tasksBefore,
      SlotReport report) {
    Map<String, String> after = podNodes();
    Map<String, Integer> tasksAfter = allocations();
    Map<String, String> leaving = on(before, node);
    assertThat(report.podsCreated())
        .as("at most the node's pods are re-created")
        .isLessThanOrEqualTo(leaving.size());
    assertThat(after.keySet().stream().filter(p -> !before.containsKey(p)).count())
        .isEqualTo(report.podsCreated());
    Map<String, Integer> lost = new TreeMap<>();
    off(before, node).keySet().stream()
        .filter(p -> !after.containsKey(p))
        .forEach(p -> lost.merge(jobOf(p), 1, Integer::sum));
    lost.forEach(
        (job, pods) ->
            assertThat(pods)
                .as("%s lost pods off %s: only as many as it shrank", job, node)
                .isLessThanOrEqualTo(tasksBefore.get(job) - tasksAfter.get(job)));
    after.forEach(
        (pod, where) ->
            assertThat(before.getOrDefault(pod, where)).as("pod %s", pod).isEqualTo(where));
    assertThat(after).doesNotContainValue(node);
  }

  private void nextSlot() {
    clock.set(clock.instant().plusSeconds(SLOT_SECONDS));
  }

  @Test
  void cordoningOneNodeOfFortyRecreatesOnlyThePodsThatWereOnIt() {
    SlotController controller = busyCluster(40, 21);
    controller.reconcile();
    Map<String, String> before = podNodes();
    assertThat(before).hasSizeGreaterThan(150);
    assertThat(on(before, "node-000")).isNotEmpty();

    Map<String, Integer> tasks = allocations();
    cordon("node-000", true);
    nextSlot();
    SlotReport cordoned = controller.reconcile();
    assertOnlyPodsOf("node-000", before, tasks, cordoned);
    assertThat(cordoned.podsCreated()).isPositive();
    Map<String, String> after = podNodes();

    cordon("node-000", false);
    nextSlot();
    SlotReport uncordoned = controller.reconcile();
    assertThat(uncordoned.podsDeleted()).as("nothing moves back").isZero();
    assertThat(podNodes()).containsAllEntriesOf(after);
  }

  @Test
  void aNodeThatIsDeletedMovesOnlyItsOwnPods() {
    SlotController controller = busyCluster(40, 21);
    controller.reconcile();
    Map<String, String> before = podNodes();
    assertThat(on(before, "node-008")).isNotEmpty();

    Map<String, Integer> tasks = allocations();
    cluster.client().nodes().withName("node-008").delete();
    nextSlot();
    assertOnlyPodsOf("node-008", before, tasks, controller.reconcile());
  }

  @Test
  void aNotReadyBlipShorterThanTheGracePeriodMovesNothingAndALongerOutageMovesOnlyThatNodesPods() {
    SlotController controller = busyCluster(6, 4);
    controller.reconcile();
    Map<String, String> before = podNodes();
    Map<String, String> leaving = on(before, "node-002");
    assertThat(leaving).isNotEmpty();

    nextSlot();
    notReady(
        "node-002",
        clock
            .instant()
            .minusSeconds(20)); // heartbeats stale for 20 s, e.g. after an API server restart
    SlotReport blip = controller.reconcile();
    assertThat(blip.podsCreated()).isZero();
    assertThat(blip.podsDeleted()).isZero();
    assertThat(blip.skippedNodes()).as("not counted as gone within the grace period").isEmpty();
    assertThat(podNodes()).isEqualTo(before);

    Map<String, Integer> tasks = allocations();
    clock.set(
        clock
            .instant()
            .plus(Duration.ofMinutes(5))); // still NotReady past the default grace period
    SlotReport gone = controller.reconcile();
    assertOnlyPodsOf("node-002", before, tasks, gone);
    assertThat(gone.skippedNodes())
        .singleElement()
        .hasToString(
            "node-002 (not Ready (Ready=Unknown) for 320 s, longer than "
                + "the grace period of 300 s)");
  }

  @Test
  void aNodeWithinItsGracePeriodGetsNoNewPod() {
    SlotController controller = busyCluster(4, 1);
    controller.reconcile();
    Map<String, String> before = podNodes();
    nextSlot();
    notReady("node-003", clock.instant().minusSeconds(5));
    cluster.createJob(NS, JobSpec.exact(9, JobType.RESNET_50, 0, 1e6).withCaps(8, 4), "late");
    controller.reconcile();
    Map<String, String> after = podNodes();
    assertThat(on(after, "node-003"))
        .as("it keeps its pods, and takes no new one")
        .isEqualTo(on(before, "node-003"));
  }

  @Test
  void aZoneThatIsOutAsAWholeMovesNothing() {
    SlotController controller = busyCluster(4, 4);
    for (int i = 0; i < 4; i++) {
      String zone = i < 2 ? "zone-a" : "zone-b";
      cluster
          .client()
          .nodes()
          .withName(String.format("node-%03d", i))
          .edit(
              n -> {
                n.getMetadata().getLabels().put("topology.kubernetes.io/zone", zone);
                return n;
              });
    }
    controller.reconcile();
    Map<String, String> before = podNodes();
    assertThat(on(before, "node-000")).isNotEmpty();

    clock.set(clock.instant().plus(Duration.ofHours(1)));
    notReady("node-000", clock.instant().minus(Duration.ofMinutes(30)));
    notReady("node-001", clock.instant().minus(Duration.ofMinutes(30)));
    SlotReport zoneOut = controller.reconcile();

    assertThat(zoneOut.podsCreated())
        .as("a zone-wide outage looks like a network partition: wait")
        .isZero();
    assertThat(zoneOut.podsDeleted()).isZero();
    assertThat(podNodes()).isEqualTo(before);
  }

  @Test
  void aPodsNameNeverComesBackOnAnotherNode() {
    SlotController controller = busyCluster(3, 1);
    Map<String, String> seen = new TreeMap<>();
    controller.reconcile();
    for (String node : List.of("node-000", "node-001", "node-002", "node-000", "node-001")) {
      Map<String, String> now = podNodes();
      now.forEach(
          (pod, where) ->
              assertThat(seen.getOrDefault(pod, where)).as("pod %s", pod).isEqualTo(where));
      seen.putAll(now);
      cordon(node, true);
      nextSlot();
      controller.reconcile();
      cordon(node, false);
    }
    podNodes()
        .forEach(
            (pod, where) ->
                assertThat(seen.getOrDefault(pod, where)).as("pod %s", pod).isEqualTo(where));
  }
}
