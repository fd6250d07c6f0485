package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.schedulers.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The loop's slot clock: each slot runs once, at its start, even when the platform wakes the loop early. */
class SlotTimingTest {
  /** Time moves only while the loop waits, and each wait ends 0.6 ms before it should, as {@code Object.wait} may. */
  private static final class EarlyWakingClock extends Clock implements Pause {
    private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public void await(Object monitor, long nanos) {
      now = now.plusNanos(Math.max(400_000, nanos - 600_000));
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  @Test
  void aClockThatWakesEarlyNeverRunsASlotTwice() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "a", "wlm", 100);
      EarlyWakingClock clock = new EarlyWakingClock();
      ControllerConfig config = new ControllerConfig("team", 60, 4, FittedOptimusSpeed.INSTANCE);
      List<Integer> slots = new CopyOnWriteArrayList<>();
      List<Instant> starts = new CopyOnWriteArrayList<>();
      try (ControllerLoop loop = new ControllerLoop(cluster.newControllerClient(), config, Schedulers.baseline("drf"), null,
          clock, clock)) {
        loop.run(new LoopListener() {
          @Override
          public void slot(SlotReport report) {
            slots.add(report.slot());
            starts.add(clock.instant());
            if (slots.size() == 5) {
              loop.stop();
            }
          }

          @Override
          public void slotFailed(String message) {
            throw new AssertionError(message);
          }
        });
      }
      assertThat(slots).containsExactly(0, 1, 2, 3, 4);
      for (int i = 1; i < starts.size(); i++) {
        assertThat(starts.get(i)).as("slot %d starts at its start, not before", i)
            .isAfterOrEqualTo(starts.get(0).plusSeconds(60L * i)).isBefore(starts.get(0).plusSeconds(60L * i).plusMillis(1));
      }
    }
  }
}
