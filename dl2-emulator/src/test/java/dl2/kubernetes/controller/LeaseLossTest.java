package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A leader that can no longer renew the Lease (its patches fail) stops running slots before the
 * Lease expires, and only then does the standby lead: never two leaders at once.
 */
class LeaseLossTest {
  private static final LeaseTiming FAST =
      new LeaseTiming(Duration.ofSeconds(4), Duration.ofSeconds(2), Duration.ofMillis(500));

  private record Slot(String replica, long nanos) {}

  private static LoopListener recording(String replica, List<Slot> slots, List<String> notes) {
    return new LoopListener() {
      @Override
      public void slot(SlotReport report) {
        slots.add(new Slot(replica, System.nanoTime()));
      }

      @Override
      public void slotFailed(String message) {}

      @Override
      public void note(String message) {
        notes.add(replica + ": " + message);
      }
    };
  }

  @Test
  void aLeaderThatCannotRenewStopsBeforeTheStandbyLeads() throws Exception {
    LeaseFaults[] api = new LeaseFaults[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(2),
            d -> api[0] = new LeaseFaults(d, "first"),
            Duration.ofSeconds(10))) {
      cluster.createJob("team", "a", "wlm", 100);
      ControllerConfig config = new ControllerConfig("team", 1, 4, FittedOptimusSpeed.INSTANCE);
      List<Slot> slots = new CopyOnWriteArrayList<>();
      List<String> notes = new CopyOnWriteArrayList<>();
      ControllerLoop first =
          ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null)
              .leasing(FAST);
      ControllerLoop second =
          ControllerLoop.connect(cluster.masterUrl(), config, Schedulers.baseline("drf"), null)
              .leasing(FAST);
      Thread a = new Thread(() -> first.runAsLeader("first", recording("first", slots, notes)));
      a.start();
      await(() -> slots.stream().anyMatch(s -> s.replica().equals("first")));
      Thread b = new Thread(() -> second.runAsLeader("second", recording("second", slots, notes)));
      b.start();
      Thread.sleep(2_000);
      api[0].failing.set(true);
      await(() -> slots.stream().anyMatch(s -> s.replica().equals("second")));
      assertThat(notes).contains("first: lost the Lease dl2-controller; running for it again");
      long lastOfFirst =
          slots.stream()
              .filter(s -> s.replica().equals("first"))
              .mapToLong(Slot::nanos)
              .max()
              .orElseThrow();
      long firstOfSecond =
          slots.stream()
              .filter(s -> s.replica().equals("second"))
              .mapToLong(Slot::nanos)
              .min()
              .orElseThrow();
      assertThat(lastOfFirst)
          .as("the first stopped before the second began")
          .isLessThan(firstOfSecond);
      Thread.sleep(2_000);
      assertThat(
              slots.stream()
                  .filter(s -> s.replica().equals("first"))
                  .mapToLong(Slot::nanos)
                  .max()
                  .orElseThrow())
          .as("and ran no slot since")
          .isEqualTo(lastOfFirst);
      first.stop();
      second.stop();
      a.join(20_000);
      b.join(20_000);
      first.close();
      second.close();
    }
  }

  private static void await(java.util.function.BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 30 s").isLessThan(deadline);
      Thread.sleep(20);
    }
  }
}
