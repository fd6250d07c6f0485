package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.emulator.MockCluster;
import dl2.io.InputException;
import dl2.kubernetes.driver.DriverKind;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A cluster the controller cannot serve is refused before the first slot, in one line naming why.
 */
class StartChecksTest {
  private static final ControllerConfig CONFIG =
      new ControllerConfig("team", 30, 4, FittedOptimusSpeed.INSTANCE);

  private static ControllerLoop connect(MockCluster cluster, ControllerConfig config) {
    return ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null);
  }

  @Test
  void theIndexedJobDriverNeedsKubernetes127AndTheOthersRunOn124() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      cluster.reportVersion("1.24");
      try (ControllerLoop loop = connect(cluster, CONFIG)) {
        assertThatThrownBy(() -> loop.using(DriverKind.INDEXED_JOB, null))
            .isInstanceOf(InputException.class)
            .hasMessage(
                "--driver indexed-job needs Kubernetes 1.27 or later (it resizes Indexed Jobs through "
                    + "spec.completions, which older servers refuse to change); this server is 1.24");
        assertThatCode(() -> loop.using(DriverKind.PODS, null)).doesNotThrowAnyException();
      }
      cluster.reportVersion("1.27");
      try (ControllerLoop loop = connect(cluster, CONFIG)) {
        assertThatCode(() -> loop.using(DriverKind.INDEXED_JOB, null)).doesNotThrowAnyException();
      }
    }
  }

  /** Answers 404 for Volcano's API group, as a server without Volcano does. */
  private static final class NoVolcano extends Dispatcher {
    private final Dispatcher store;

    NoVolcano(Dispatcher store) {
      this.store = store;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      if (request.getPath().startsWith("/apis/batch.volcano.sh/")) {
        return new MockResponse()
            .setResponseCode(404)
            .setBody(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":"
                    + "\"Failure\",\"message\":\"the server could not find the requested resource\",\"reason\":\"NotFound\",\"code\":404}");
      }
      return store.dispatch(request);
    }

    @Override
    public void shutdown() {
      store.shutdown();
    }
  }

  @Test
  void theVolcanoDriverWithoutVolcanoSaysSo() {
    try (MockCluster cluster =
            new MockCluster(ClusterSpec.ofNodes(1), NoVolcano::new, Duration.ofSeconds(10));
        ControllerLoop loop = connect(cluster, CONFIG)) {
      assertThatThrownBy(() -> loop.using(DriverKind.VOLCANO, null))
          .isInstanceOf(InputException.class)
          .hasMessage(
              "--driver volcano needs Volcano, and this server has no Volcano Jobs (batch.volcano.sh/v1alpha1): "
                  + "install Volcano first, or choose another --driver");
    }
  }

  @Test
  void anotherSlotLengthThanTheNamespacesIsRefusedAndTheLengthIsStoredWithTheOrigin() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      try (ControllerLoop loop = connect(cluster, CONFIG)) {
        loop.runOnce();
      }
      assertThat(
              cluster
                  .client()
                  .configMaps()
                  .inNamespace("team")
                  .withName("dl2-controller-state")
                  .get()
                  .getData())
          .containsEntry("slotSeconds", "30")
          .containsEntry("driver", "pods")
          .containsKey("slotOrigin");
      ControllerConfig shorter = new ControllerConfig("team", 10, 4, FittedOptimusSpeed.INSTANCE);
      assertThatThrownBy(() -> connect(cluster, shorter))
          .isInstanceOf(InputException.class)
          .hasMessage(
              "the slots of this namespace last 30 s (ConfigMap dl2-controller-state), not --slot-seconds 10: "
                  + "keep 30, or delete the ConfigMap to count slots afresh");
    }
  }
}
