package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Two replicas against one API server, with the standard Lease of 15 s: the leader renews it, so
 * the standby never runs a slot, however long it waits; once the leader stops, it releases the
 * Lease and the standby takes over within seconds.
 */
class LeaderElectionTest {
  @Test
  void theLeaderRenewsTheLeaseAndTheStandbyTakesOverOnlyAfterTheLeaderStops() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "a", "wlm", 100);
      ControllerConfig config = new ControllerConfig("team", 1, 4, FittedOptimusSpeed.INSTANCE);
      List<String> slots = new CopyOnWriteArrayList<>();
      ControllerLoop first =
          ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null);
      ControllerLoop second =
          ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null);
      Thread a = new Thread(() -> first.runAsLeader("first", recording(slots, "first")));
      a.start();
      waitFor(() -> slots.contains("first"), Duration.ofSeconds(30));
      Thread b = new Thread(() -> second.runAsLeader("second", recording(slots, "second")));
      b.start();
      Thread.sleep(
          LeaseTiming.STANDARD
              .lease()
              .plusSeconds(5)
              .toMillis()); // longer than an unrenewed Lease lasts
      assertThat(slots).doesNotContain("second");
      Lease lease =
          cluster.client().leases().inNamespace("team").withName(LeaseCampaign.LEASE).get();
      assertThat(lease.getSpec().getHolderIdentity()).isEqualTo("first");
      assertThat(Duration.between(lease.getSpec().getAcquireTime(), lease.getSpec().getRenewTime()))
          .as("renewed since it was acquired")
          .isGreaterThan(LeaseTiming.STANDARD.renewDeadline());
      int firstSlots = (int) slots.stream().filter("first"::equals).count();
      assertThat(firstSlots)
          .as("the leader went on running slots while renewing")
          .isGreaterThan(10);

      first.stop(); // graceful: the running slot ends, the Lease is released
      a.join(20_000);
      assertThat(a.isAlive()).isFalse();
      long stopped = System.nanoTime();
      waitFor(() -> slots.contains("second"), Duration.ofSeconds(10));
      assertThat((System.nanoTime() - stopped) / 1e9)
          .as("taken over at once, not after the Lease expired")
          .isLessThan(LeaseTiming.STANDARD.lease().toSeconds());
      second.stop();
      b.join(20_000);
      // fabric8 releases by shortening the Lease to 1 s (its merge patch cannot clear the holder).
      assertThat(
              cluster
                  .client()
                  .leases()
                  .inNamespace("team")
                  .withName(LeaseCampaign.LEASE)
                  .get()
                  .getSpec()
                  .getLeaseDurationSeconds())
          .as("released by the second as well")
          .isEqualTo(1);
      first.close();
      second.close();
      assertThat(cluster.podNames("team")).isNotEmpty();
    }
  }

  private static LoopListener recording(List<String> slots, String replica) {
    return new LoopListener() {
      @Override
      public void slot(SlotReport report) {
        slots.add(replica);
      }

      @Override
      public void slotFailed(String message) {}
    };
  }

  private static void waitFor(java.util.function.BooleanSupplier condition, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited " + limit).isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
