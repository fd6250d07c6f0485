package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.schedulers.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Two replicas against one API server: only the Lease holder runs slots; the other takes over when it stops. */
class LeaderElectionTest {
  @Test
  void onlyTheLeaseHolderSchedulesAndTheOtherTakesOverAfterAStop() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "a", "wlm", 100);
      ControllerConfig config = new ControllerConfig("team", 1, 4, FittedOptimusSpeed.INSTANCE);
      List<String> slots = new CopyOnWriteArrayList<>();
      ControllerLoop first = ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null);
      ControllerLoop second = ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null);
      Thread a = new Thread(() -> first.runAsLeader("first", r -> slots.add("first"), e -> { }, l -> { }));
      a.start();
      waitFor(() -> slots.contains("first"));
      Thread b = new Thread(() -> second.runAsLeader("second", r -> slots.add("second"), e -> { }, l -> { }));
      b.start();
      Thread.sleep(2_500);
      assertThat(slots).doesNotContain("second");
      first.stop(); // graceful: the running slot ends, the Lease is released
      a.join(20_000);
      assertThat(a.isAlive()).isFalse();
      waitFor(() -> slots.contains("second"));
      second.stop();
      b.join(20_000);
      first.close();
      second.close();
      assertThat(cluster.podNames("team")).isNotEmpty();
    }
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 30 s").isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
