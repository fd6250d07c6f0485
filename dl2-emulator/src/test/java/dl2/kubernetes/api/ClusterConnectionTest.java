package dl2.kubernetes.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.emulator.ClusterEmulator;
import dl2.emulator.MockCluster;
import dl2.io.InputException;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationLimitException;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cluster that cannot be used is named with its cause, at once; an emulated run that cannot end,
 * stops.
 */
class ClusterConnectionTest {
  private static String cause(KubernetesClientException e) {
    return ClusterConnection.cause(e, "list DL2Jobs in namespace team", "api.example");
  }

  @Test
  void eachFailureIsNamedInPlainWords() {
    assertThat(cause(new KubernetesClientException("x", 401, null))).startsWith("unauthorised");
    assertThat(cause(new KubernetesClientException("x", 403, null)))
        .startsWith("forbidden: this account may not list DL2Jobs in namespace team");
    assertThat(cause(new KubernetesClientException("x", 404, null)))
        .startsWith("no DL2Job resource on this server");
    assertThat(
            cause(
                new KubernetesClientException(
                    "x", new IOException(new ConnectException("Connection refused")))))
        .isEqualTo("connection refused");
    assertThat(
            cause(
                new KubernetesClientException(
                    "x",
                    new IOException(
                        new ConnectException() {
                          {
                            initCause(new java.nio.channels.UnresolvedAddressException());
                          }
                        }))))
        .isEqualTo("unknown host api.example");
    assertThat(
            cause(
                new KubernetesClientException(
                    "x", new java.net.http.HttpConnectTimeoutException("timed out"))))
        .isEqualTo("no connection within 5 s");
  }

  @Test
  void aRefusedConnectionFailsInSecondsWithItsCause() {
    long start = System.nanoTime();
    assertThatThrownBy(() -> ClusterConnection.connect("http://127.0.0.1:1", "default"))
        .isInstanceOf(InputException.class)
        .hasMessage("cannot use the Kubernetes API at http://127.0.0.1:1/: connection refused");
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(15);
  }

  @Test
  void anEmulatedRunWhoseSchedulerLetsNothingTrainStops() {
    Trace trace = new Trace("idle", List.of(JobSpec.exact(1, JobType.WLM, 0, 100)));
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      ClusterEmulator emulator = new ClusterEmulator(cluster, 4, 1200, FittedOptimusSpeed.INSTANCE);
      dl2.slot.Scheduler idle =
          new dl2.slot.Scheduler() {
            @Override
            public String name() {
              return "idle";
            }

            @Override
            public void schedule(dl2.slot.SlotContext slot) {}
          };
      assertThatThrownBy(() -> emulator.run(trace, idle, 100_000, (r, s, j) -> {}))
          .isInstanceOf(SimulationLimitException.class)
          .hasMessage(
              "trace idle stopped at slot "
                  + (Simulator.IDLE_SLOT_LIMIT - 1)
                  + ": 1 jobs waited "
                  + Simulator.IDLE_SLOT_LIMIT
                  + " slots in a row without the scheduler letting any of them train");
    }
  }
}
