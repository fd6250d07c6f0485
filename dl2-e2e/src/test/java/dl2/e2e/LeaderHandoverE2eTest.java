package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replicas with --leader-elect as processes under the shipped role: the standby never runs a slot
 * while the leader renews the Lease; after SIGTERM the leader finishes its slot and releases the
 * Lease, and the standby leads within seconds; after SIGKILL, once the Lease (15 s) expired.
 */
class LeaderHandoverE2eTest {
  private static E2eRun run;

  @BeforeAll
  static void start() throws Exception {
    run = E2eRun.start("leader", 2);
  }

  @AfterAll
  static void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  private static ControllerProcess replica(String identity) throws Exception {
    return run.controller(
        List.of(
            "--slot-seconds", "5", "--task-cap", "2", "--leader-elect", "--identity", identity));
  }

  @Test
  void sigtermHandsOverAtOnceAndSigkillOnceTheLeaseExpired() throws Exception {
    run.createJob(Jobs.of("zeta", "resnet-50", 100, 2));
    ControllerProcess first = replica("first");
    first.awaitLine(E2eRun::slotLine, Duration.ofSeconds(90));
    ControllerProcess second = replica("second");
    second.awaitLine(l -> l.endsWith("leader: first"), Duration.ofSeconds(90));
    Thread.sleep(
        Duration.ofSeconds(20)
            .toMillis()); // longer than the Lease: the leader must have renewed it
    assertThat(second.count(E2eRun::slotLine)).as("the standby ran no slot").isZero();

    first.terminate();
    long terminated = System.nanoTime();
    first.awaitExit(Duration.ofSeconds(60));
    assertThat(first.lines()).anyMatch(l -> l.endsWith("stopped; the Lease is released"));
    second.awaitLine(E2eRun::slotLine, Duration.ofSeconds(30));
    assertThat((System.nanoTime() - terminated) / 1e9)
        .as("taken over without waiting for the Lease to expire")
        .isLessThan(12);

    ControllerProcess third = replica("third");
    third.awaitLine(l -> l.endsWith("leader: second"), Duration.ofSeconds(90));
    second.kill();
    long killed = System.nanoTime();
    second.awaitExit(Duration.ofSeconds(10));
    third.awaitLine(E2eRun::slotLine, Duration.ofSeconds(60));
    assertThat((System.nanoTime() - killed) / 1e9)
        .as("within the Lease and a few retries")
        .isLessThan(30);
    assertThat(third.lines()).noneMatch(l -> l.contains("Exception") || l.contains("io.fabric8"));
  }
}
