package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Fencing (real-cluster finding N1): a leader that loses the Lease in the middle of a slot makes no
 * write once it knows, and so none after the Lease expired, when another replica may lead. Here the
 * leader's renewals fail from its slot's first pod on, and every pod takes 600 ms to be answered,
 * so the slot's 96 pods would take 7 s; the Lease lasts 4 s from the last renewal.
 */
class DeposedLeaderTest {
  private static final LeaseTiming FAST =
      new LeaseTiming(Duration.ofSeconds(4), Duration.ofSeconds(2), Duration.ofMillis(500));

  /**
   * Records when each of the controller's writes arrives; once a pod arrives, fails the Lease's
   * renewals, and answers each pod late.
   */
  private static final class Deposing extends LeaseFaults {
    final List<Instant> writes = new CopyOnWriteArrayList<>();

    Deposing(Dispatcher store) {
      super(store, "first");
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String path = request.getPath() == null ? "" : request.getPath();
      String agent = request.getHeader("User-Agent");
      boolean controller = agent != null && agent.contains(MockCluster.CONTROLLER_AGENT);
      if (controller && !path.contains("/leases") && !request.getMethod().equals("GET")) {
        writes.add(Instant.now());
      }
      if (controller
          && request.getMethod().equals("POST")
          && path.split("\\?", 2)[0].endsWith("/pods")) {
        failing.set(true);
        return super.dispatch(request).setBodyDelay(Duration.ofMillis(600));
      }
      return super.dispatch(request);
    }
  }

  @Test
  void aLeaderThatLostTheLeaseMidSlotMakesNoWriteAfterTheLeaseExpired() throws Exception {
    Deposing[] api = new Deposing[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(24), d -> api[0] = new Deposing(d), Duration.ofSeconds(10))) {
      for (int i = 1; i <= 12; i++) {
        cluster.createJob(
            "team",
            JobSpec.exact(i, JobType.RESNET_50, 0, 1e6).withCaps(4, 4),
            String.format("job-%02d", i));
      }
      ControllerConfig config = new ControllerConfig("team", 60, 4, FittedOptimusSpeed.INSTANCE);
      LoopLines heard = new LoopLines();
      List<String> events = heard.lines;
      ControllerLoop first =
          ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null)
              .leasing(FAST);
      Thread leader = new Thread(() -> first.runAsLeader("first", heard));
      leader.start();
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!heard.has("lost the Lease")) {
        assertThat(System.nanoTime())
            .as("the leader noticed the loss: %s", events)
            .isLessThan(deadline);
        Thread.sleep(50);
      }
      Thread.sleep(3_000); // anything still queued would land now
      first.stop();
      leader.join(30_000);
      first.close();

      Lease lease =
          cluster.client().leases().inNamespace("team").withName(LeaseCampaign.LEASE).get();
      Instant expiry =
          lease
              .getSpec()
              .getRenewTime()
              .toInstant()
              .plusSeconds(lease.getSpec().getLeaseDurationSeconds());
      Instant lastWrite = api[0].writes.stream().max(Instant::compareTo).orElseThrow();
      assertThat(lastWrite)
          .as("the last write (%s) against the Lease's expiry (%s); %s", lastWrite, expiry, events)
          .isBefore(expiry);
      assertThat(cluster.podNames("team")).as("the queue stopped").hasSizeLessThan(96);
      assertThat(ZonedDateTime.now().toInstant()).isAfter(expiry);
    }
  }
}
