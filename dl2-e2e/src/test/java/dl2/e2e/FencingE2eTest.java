package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A leader cut off from the API server in the middle of a slot (its connection through a proxy
 * dropped) loses the Lease to the standby, and once the proxy lets it through again it writes
 * nothing: half the nodes are cordoned meanwhile, so the two plans differ, and the new leader's
 * later slots find nothing of the old plan to undo (the real-cluster finding: the deposed leader
 * created 8 pods 18 s after the takeover, which the new leader then deleted). Needs an API server
 * on loopback (kind, k3s), as the reconnect test does.
 */
class FencingE2eTest {
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.startOnLoopback("fencing", 20);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  @Test
  void aDeposedLeaderWritesNothingOnceItCanReachTheServerAgain() throws Exception {
    URI server = URI.create(ServiceAccountKubeconfig.server(run.adminKubeconfig()));
    List<String> args =
        List.of("--slot-seconds", "10", "--task-cap", "4", "--leader-elect", "--identity");
    try (DroppingProxy proxy =
        DroppingProxy.start(server.getHost(), server.getPort() < 0 ? 443 : server.getPort())) {
      Path viaProxy = run.kubeconfigOf("dl2-controller", "https://127.0.0.1:" + proxy.port());
      ControllerProcess leader = run.controller(viaProxy, concat(args, "cut-off"));
      leader.awaitLine(l -> l.endsWith("leader: cut-off"), Duration.ofSeconds(90));
      ControllerProcess standby = run.controller(concat(args, "standby"));
      standby.awaitLine(l -> l.endsWith("leader: cut-off"), Duration.ofSeconds(90));
      for (int i = 1; i <= 10; i++) {
        run.createJob(Jobs.of("job-" + i, "resnet-50", 1000, 4));
      }
      Await.until(
          Duration.ofSeconds(60),
          () -> !run.pods("job-").isEmpty(),
          () -> String.join("\n", leader.lines()));
      proxy.drop(); // in the middle of the leader's slot
      for (String node :
          run.nodes().names().subList(0, 10)) { // the new leader's plan differs from the old one's
        run.admin()
            .nodes()
            .withName(node)
            .edit(
                n -> {
                  n.getSpec().setUnschedulable(true);
                  return n;
                });
      }
      standby.awaitLine(E2eRun::slotLine, Duration.ofSeconds(90));
      proxy.resume();
      Thread.sleep(
          25_000); // anything the cut-off leader still had queued would land now; the new leader
      // runs two slots
      List<String> slots = standby.lines().stream().filter(E2eRun::slotLine).toList();
      assertThat(slots.size()).as(String.join("\n", standby.lines())).isGreaterThan(2);
      assertThat(slots.subList(1, slots.size()))
          .as("nothing of the old plan to undo")
          .allMatch(l -> l.contains("pods +0 -0"));
      assertThat(leader.lines()).anyMatch(l -> l.contains("lost the Lease dl2-controller"));
    }
  }

  private static List<String> concat(List<String> head, String last) {
    List<String> all = new java.util.ArrayList<>(head);
    all.add(last);
    return all;
  }
}
