package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * What the replicas say about the Lease (real-cluster finding N6): a standby that stops says
 * nothing of releasing a Lease it never held; a replica that starts after a release does not name
 * the released Lease's stale holder as the leader; a Lease problem that lasts is logged once,
 * however often the elector starts over.
 */
class LeaseLogTest {
  private static final LeaseTiming FAST =
      new LeaseTiming(Duration.ofSeconds(4), Duration.ofSeconds(2), Duration.ofMillis(500));
  private static final ControllerConfig CONFIG =
      new ControllerConfig("team", 60, 4, FittedOptimusSpeed.INSTANCE);

  private static final class Replica {
    final ControllerLoop loop;
    final LoopLines heard = new LoopLines();
    final List<String> lines = heard.lines;
    final Thread thread;

    Replica(MockCluster cluster, String identity) {
      loop =
          ControllerLoop.connect(cluster.masterUrl(), CONFIG, Schedulers.baseline("drf"), null)
              .leasing(FAST);
      thread = new Thread(() -> loop.runAsLeader(identity, heard));
      thread.start();
    }

    void stop() throws InterruptedException {
      loop.stop();
      thread.join(30_000);
      assertThat(loop.awaitFinished(Duration.ofSeconds(1))).isTrue();
      loop.close();
    }
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as(what).isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  @Test
  void onlyTheReplicaThatHeldTheLeaseReleasesItAndANewReplicaNamesNoStaleHolder() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "a", "wlm", 100);
      Replica first = new Replica(cluster, "first");
      await(() -> first.lines.contains("slot 0"), "the first leads");
      Replica standby = new Replica(cluster, "standby");
      await(() -> standby.lines.contains("leader: first"), "the standby sees the leader");
      standby.stop();
      assertThat(standby.loop.releasedLease()).as("the standby held no Lease").isFalse();
      first.stop();
      assertThat(first.loop.releasedLease()).isTrue();

      Replica third = new Replica(cluster, "third");
      await(() -> third.lines.stream().anyMatch(l -> l.startsWith("slot ")), "the third leads");
      third.stop();
      assertThat(third.lines.stream().filter(l -> l.startsWith("leader: ")).toList())
          .as("the released Lease still names first, who leads no more")
          .containsExactly("leader: third");
    }
  }

  @Test
  void aLeaseProblemThatLastsIsLoggedOnceThoughTheElectorStartsOver() throws Exception {
    LeaseFaults[] api = new LeaseFaults[1];
    try (MockCluster cluster =
        new MockCluster(
            ClusterSpec.ofNodes(2),
            d -> api[0] = new LeaseFaults(d, "first"),
            Duration.ofSeconds(10))) {
      cluster.createJob("team", "a", "wlm", 100);
      Replica first = new Replica(cluster, "first");
      await(() -> first.lines.contains("slot 0"), "the first leads");
      api[0].failing.set(true);
      await(
          () -> first.lines.stream().anyMatch(l -> l.startsWith("lost the Lease")),
          "the first lost the Lease");
      Thread.sleep(3_000); // its new elector meets the same problem
      first.stop();
      assertThat(
              first.lines.stream().filter(l -> l.startsWith("the Lease dl2-controller: ")).toList())
          .as("%s", first.lines)
          .hasSize(1);
    }
  }
}
