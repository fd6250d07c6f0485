package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.FailureMessage;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.Test;

/**
 * An API server that stops answering mid-slot (the real cluster's restart test: the slot failed 51
 * s after the outage began, every queued call being retried first) fails the slot once a call has
 * used up its retries without an answer: the calls still queued are not sent. Here no pod create is
 * ever answered within the client's 200 ms; the slot has 96 pods to create, 3 attempts each.
 */
class UnansweredWritesTest {
  /** Never answers a pod create in time (the store is not touched); records each pod's name. */
  private static final class Silent extends Dispatcher {
    private final Dispatcher store;
    final Set<String> attempted = new ConcurrentSkipListSet<>();

    Silent(Dispatcher store) {
      this.store = store;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String path = request.getPath() == null ? "" : request.getPath();
      if (request.getMethod().equals("POST") && path.split("\\?", 2)[0].endsWith("/pods")) {
        String body = new String(request.getBody().getBytes(), StandardCharsets.UTF_8);
        int at = body.indexOf("\"name\":\"");
        attempted.add(body.substring(at + 8, body.indexOf('"', at + 8)));
        return new MockResponse()
            .setResponseCode(201)
            .setBody("{}")
            .setBodyDelay(Duration.ofSeconds(2)); // past the client's timeout
      }
      return store.dispatch(request);
    }

    @Override
    public void shutdown() {
      store.shutdown();
    }
  }

  @Test
  void aSlotFailsOnceOneWriteWentUnansweredThroughItsRetriesWithoutSendingTheQueuedOnes() {
    Silent[] api = new Silent[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(24), d -> api[0] = new Silent(d), Duration.ofMillis(200))) {
      for (int i = 1; i <= 12; i++) {
        cluster.createJob(
            "team",
            JobSpec.exact(i, JobType.RESNET_50, 0, 1e6).withCaps(4, 4),
            String.format("job-%02d", i));
      }
      SlotController controller =
          new SlotController(
              cluster.newControllerClient(),
              new ControllerConfig("team", 60, 4, FittedOptimusSpeed.INSTANCE),
              Schedulers.baseline("drf"),
              Clock.systemUTC(),
              new ApiRetry(3, Duration.ofMillis(1)));

      assertThatThrownBy(controller::reconcile)
          .isInstanceOfSatisfying(
              KubernetesClientException.class,
              e -> assertThat(FailureMessage.of(e)).startsWith("no answer"));

      assertThat(api[0].attempted)
          .as("pods whose create was sent, of the slot's 96")
          .hasSizeLessThan(96 / 2);
    }
  }
}
