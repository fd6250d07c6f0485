package dl2.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ClusterConnection;
import dl2.kubernetes.api.ProgressReporter;
import dl2.kubernetes.controller.ControllerConfig;
import dl2.kubernetes.controller.ControllerLoop;
import dl2.kubernetes.controller.LoopListener;
import dl2.kubernetes.controller.SlotReport;
import dl2.kubernetes.driver.DriverKind;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * deploy/rbac.yaml grants every call the clients really make: the requests the controller and
 * report-progress send to the emulated API server (every driver, a switch of drivers, admission,
 * completion, invalid jobs, Events, the state ConfigMap, leader election with renewals and release)
 * are recorded and each must be allowed by the shipped roles, as RBAC decides. Creating an object
 * whose owner reference blocks its owner's deletion also needs update on the owner's finalizers
 * (the OwnerReferencesPermissionEnforcement admission plugin, on in OpenShift).
 */
class RbacCoverageTest {
  private static final Path RBAC = Path.of("..", "deploy", "rbac.yaml");
  private static final String NS = "dl2";
  private static final ControllerConfig CONFIG =
      new ControllerConfig(NS, 1, 2, FittedOptimusSpeed.INSTANCE);

  private static Set<String> denied(
      RbacRoles roles, String role, String clusterRole, List<ApiAccess> accesses) {
    Set<String> denied = new TreeSet<>();
    for (ApiAccess access : accesses) {
      if (!roles.allows(role, clusterRole, access)) {
        denied.add(access.toString());
      }
      if (access.body().contains("\"blockOwnerDeletion\":true")) {
        ApiAccess finalizers =
            new ApiAccess("dl2.io", "dl2jobs/finalizers", "update", access.namespace(), "");
        if (!roles.allows(role, clusterRole, finalizers)) {
          denied.add(finalizers + " (" + access + " sets blockOwnerDeletion)");
        }
      }
    }
    return denied;
  }

  @Test
  void theControllersRolesGrantEveryCallTheControllerMakes() throws Exception {
    RecordingApi[] api = new RecordingApi[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(1),
            d -> api[0] = new RecordingApi(d, ClusterConnection.CONTROLLER_AGENT),
            Duration.ofSeconds(10))) {
      cluster.createJob(NS, "c-bad", "resnet-51", 10);
      ProgressReporter training =
          new ProgressReporter(cluster.client(), NS, dl2.kubernetes.api.ApiRetry.standard());
      int phase = 0;
      for (DriverKind kind :
          List.of(DriverKind.PODS, DriverKind.INDEXED_JOB, DriverKind.VOLCANO, DriverKind.PODS)) {
        try (ControllerLoop loop =
            ControllerLoop.connect(cluster.masterUrl(), CONFIG, Schedulers.baseline("drf"), null)
                .using(kind, null)) {
          // Two jobs share the node; one finishes, the other grows (a resize), then it finishes
          // too.
          cluster.createJob(NS, "p-" + phase, "resnet-50", 10);
          cluster.createJob(NS, "q-" + phase, "resnet-50", 10);
          loop.runOnce();
          training.report("q-" + phase, 10, Instant.now());
          loop.runOnce();
          training.report("p-" + phase, 10, Instant.now());
          loop.runOnce();
        }
        phase++;
      }
      try (ControllerLoop leader =
          ControllerLoop.connect(cluster.masterUrl(), CONFIG, Schedulers.baseline("drf"), null)) {
        AtomicInteger slots = new AtomicInteger();
        leader.runAsLeader(
            "r1",
            new LoopListener() {
              @Override
              public void slot(SlotReport report) {
                if (slots.incrementAndGet() == 4) { // 3 s or more: the Lease has been renewed
                  leader.stop();
                }
              }

              @Override
              public void slotFailed(String message) {}
            });
      }
    }
    List<ApiAccess> accesses = api[0].accesses;
    assertThat(accesses)
        .extracting(ApiAccess::toString)
        .as("the scenario covers")
        .contains(
            "patch coordination.k8s.io/leases in dl2",
            "create pods in dl2",
            "delete batch/jobs in dl2",
            "patch batch.volcano.sh/jobs in dl2",
            "patch dl2.io/dl2jobs/status in dl2",
            "create events in dl2",
            "patch configmaps in dl2",
            "list nodes");
    assertThat(denied(RbacRoles.of(RBAC), "dl2-controller", "dl2-controller-nodes", accesses))
        .isEmpty();
  }

  @Test
  void theReporterRoleGrantsWhatReportProgressAndKubectlDo() throws Exception {
    RecordingApi[] api = new RecordingApi[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(1),
            d -> api[0] = new RecordingApi(d, ClusterConnection.REPORTER_AGENT),
            Duration.ofSeconds(10))) {
      cluster.createJob(NS, "a", "wlm", 10);
      try (ProgressReporter reporter = ProgressReporter.connect(cluster.masterUrl(), NS, "a")) {
        reporter.report("a", 2.5, null);
        reporter.report("a", 10, Instant.now());
      }
    }
    List<ApiAccess> accesses = new java.util.ArrayList<>(api[0].accesses);
    assertThat(accesses).isNotEmpty();
    // kubectl patch dl2job a --subresource=status --type=merge -p ... reads the status, then
    // patches it.
    accesses.add(new ApiAccess("dl2.io", "dl2jobs/status", "get", NS, ""));
    accesses.add(new ApiAccess("dl2.io", "dl2jobs/status", "patch", NS, ""));
    assertThat(denied(RbacRoles.of(RBAC), "dl2-progress-reporter", null, accesses)).isEmpty();
  }
}
