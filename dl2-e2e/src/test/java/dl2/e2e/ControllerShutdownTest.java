package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.kubernetes.api.Dl2JobStatus;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The controller as a process against the emulated API server: SIGTERM in the middle of a slot lets
 * the slot finish (every pod created, every status written) and releases the Lease; after a SIGKILL
 * the standby takes over once the Lease expires.
 */
class ControllerShutdownTest {
  private static final String NS = "team";

  /**
   * Each pod the controller creates takes 300 ms to answer: a slot of seconds, long enough to be
   * stopped inside. The answer waits, not the server (a real one serves the Lease meanwhile).
   */
  private static final class SlowPodCreates extends Dispatcher {
    private final Dispatcher store;

    SlowPodCreates(Dispatcher store) {
      this.store = store;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      if (request.getMethod().equals("POST") && request.getPath().endsWith("/pods")) {
        return store.dispatch(request).setBodyDelay(Duration.ofMillis(300));
      }
      return store.dispatch(request);
    }

    @Override
    public void shutdown() {
      store.shutdown();
    }
  }

  @Test
  void sigtermInTheMiddleOfASlotLetsItFinishAndReleasesTheLease() throws Exception {
    try (MockCluster cluster =
        new MockCluster(new ClusterSpec(16, 8, 2), SlowPodCreates::new, Duration.ofSeconds(10))) {
      for (int i = 0; i < 8; i++) {
        cluster.createJob(NS, "job-" + i, "resnet-50", 100);
      }
      try (ControllerProcess controller =
          ControllerProcess.start(
              List.of(
                  "controller",
                  "--master",
                  cluster.masterUrl(),
                  "--namespace",
                  NS,
                  "--slot-seconds",
                  "3600",
                  "--task-cap",
                  "4",
                  "--leader-elect",
                  "--identity",
                  "sigterm"),
              Map.of())) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (cluster.podNames(NS).size() < 4) {
          assertThat(System.nanoTime())
              .as("pods appear; the controller wrote:\n%s", controller.lines())
              .isLessThan(deadline);
          Thread.sleep(20);
        }
        int atSigterm = cluster.podNames(NS).size();
        controller.terminate();
        controller.awaitExit(Duration.ofSeconds(60));
        int pods = 0;
        for (int i = 0; i < 8; i++) {
          Dl2JobStatus status = cluster.status(NS, "job-" + i);
          assertThat(status).as("job-%d's status written", i).isNotNull();
          assertThat(status.jobId)
              .as("job-%d admitted; the controller wrote:\n%s", i, controller.lines())
              .isNotNull();
          String prefix = "job-" + i + "-";
          long own = cluster.podNames(NS).stream().filter(p -> p.startsWith(prefix)).count();
          assertThat(own)
              .as("job-%d's pods match its status", i)
              .isEqualTo(status.workers + status.parameterServers);
          pods += (int) own;
        }
        assertThat(pods).as("the slot went on after SIGTERM").isGreaterThan(atSigterm);
        Lease lease = cluster.client().leases().inNamespace(NS).withName("dl2-controller").get();
        assertThat(lease.getSpec().getLeaseDurationSeconds())
            .as("released: fabric8 shortens the Lease to 1 s")
            .isEqualTo(1);
        assertThat(controller.lines())
            .anyMatch(l -> l.contains("stopping: the running slot finishes first"))
            .anyMatch(l -> l.contains("slot 0: 0 pending, 8 running"))
            .anyMatch(l -> l.contains("stopped; the Lease is released"));
      }
    }
  }

  @Test
  void afterASigkillTheStandbyTakesOverOnceTheLeaseExpires() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob(NS, "a", "wlm", 100);
      List<String> common =
          List.of(
              "controller",
              "--master",
              cluster.masterUrl(),
              "--namespace",
              NS,
              "--slot-seconds",
              "2",
              "--leader-elect",
              "--identity");
      try (ControllerProcess first = ControllerProcess.start(concat(common, "first"), Map.of())) {
        first.awaitLine(l -> l.contains(" slot "), Duration.ofSeconds(60));
        try (ControllerProcess second =
            ControllerProcess.start(concat(common, "second"), Map.of())) {
          awaitTakeover(first, second);
        }
      }
    }
  }

  /**
   * The standby sees the first lead, the first is killed, and the standby runs slots within the
   * Lease's expiry.
   */
  private static void awaitTakeover(ControllerProcess first, ControllerProcess second)
      throws InterruptedException {
    second.awaitLine(l -> l.endsWith("leader: first"), Duration.ofSeconds(60));
    first.kill();
    long killed = System.nanoTime();
    first.awaitExit(Duration.ofSeconds(10));
    assertThat(second.count(l -> l.contains(" slot ")))
        .as("the standby ran no slot while the first led")
        .isZero();
    second.awaitLine(l -> l.contains(" slot "), Duration.ofSeconds(40));
    assertThat((System.nanoTime() - killed) / 1e9)
        .as("within the Lease of 15 s and a few retries")
        .isLessThan(25);
    assertThat(second.lines()).anyMatch(l -> l.endsWith("leader: second"));
  }

  private static List<String> concat(List<String> head, String last) {
    List<String> all = new java.util.ArrayList<>(head);
    all.add(last);
    return all;
  }
}
