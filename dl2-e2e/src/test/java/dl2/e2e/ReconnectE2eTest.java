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
 * The connection to the API server drops (as when it restarts) and comes back: the controller's
 * slots fail meanwhile with a plain message, then it reconnects and goes on, with pods and statuses
 * that agree. Restarting a real API server is not portable; a proxy that drops every connection and
 * refuses new ones for 20 s is, for API servers on loopback (kind, k3s).
 */
class ReconnectE2eTest {
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.startOnLoopback("reconnect", 2);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  @Test
  void slotsFailInPlainWordsWhileTheConnectionIsDownAndResumeAfter() throws Exception {
    URI server = URI.create(ServiceAccountKubeconfig.server(run.adminKubeconfig()));
    try (DroppingProxy proxy =
        DroppingProxy.start(server.getHost(), server.getPort() < 0 ? 443 : server.getPort())) {
      Path viaProxy = run.kubeconfigOf("dl2-controller", "https://127.0.0.1:" + proxy.port());
      run.createJob(Jobs.of("eta", "resnet-50", 100, 2));
      ControllerProcess controller =
          run.controller(viaProxy, List.of("--slot-seconds", "5", "--task-cap", "2"));
      controller.awaitLine(E2eRun::slotLine, Duration.ofSeconds(90));
      proxy.drop();
      controller.awaitLine(l -> l.contains("slot failed: "), Duration.ofSeconds(60));
      Thread.sleep(20_000);
      long slotsBefore = controller.count(E2eRun::slotLine);
      proxy.resume();
      Await.until(
          Duration.ofSeconds(60),
          () -> controller.count(E2eRun::slotLine) > slotsBefore,
          () -> String.join("\n", controller.lines()));
      assertThat(controller.lines())
          .filteredOn(l -> l.contains("slot failed: "))
          .allMatch(l -> !l.contains("Exception") && !l.contains("io.fabric8"));
      var status = run.status("eta");
      assertThat(run.pods("eta-")).hasSize(status.workers + status.parameterServers);
    }
  }
}
