package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import dl2.schedulers.registry.Schedulers;
import dl2.speed.FittedOptimusSpeed;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The loop's slot clock: each slot runs once, at its start, even when the platform wakes the loop
 * early; a slot that overruns the next one's start makes that one run late, not vanish.
 */
class SlotTimingTest {
  /**
   * Time moves only while the loop waits, and each wait ends 0.6 ms before it should, as {@code
   * Object.wait} may.
   */
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

  /**
   * Runs the loop on {@code clock} until {@code count} slots ran, {@code each} told of every slot;
   * the slots run.
   */
  private static List<Integer> run(
      EarlyWakingClock clock, int count, java.util.function.IntConsumer each) {
    List<Integer> slots = new CopyOnWriteArrayList<>();
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      cluster.createJob("team", "a", "wlm", 100);
      ControllerConfig config = new ControllerConfig("team", 60, 4, FittedOptimusSpeed.INSTANCE);
      try (ControllerLoop loop =
          new ControllerLoop(
              cluster.newControllerClient(),
              config,
              Schedulers.baseline("drf"),
              null,
              clock,
              clock)) {
        loop.run(
            new LoopListener() {
              @Override
              public void slot(SlotReport report) {
                slots.add(report.slot());
                each.accept(report.slot());
                if (slots.size() == count) {
                  loop.stop();
                }
              }

              @Override
              public void slotFailed(String message) {
                throw new AssertionError(message);
              }
            });
      }
    }
    return slots;
  }

  @Test
  void aClockThatWakesEarlyNeverRunsASlotTwice() {
    EarlyWakingClock clock = new EarlyWakingClock();
    List<Instant> starts = new CopyOnWriteArrayList<>();
    assertThat(run(clock, 5, slot -> starts.add(clock.instant()))).containsExactly(0, 1, 2, 3, 4);
    for (int i = 1; i < starts.size(); i++) {
      assertThat(starts.get(i))
          .as("slot %d starts at its start, not before", i)
          .isAfterOrEqualTo(starts.get(0).plusSeconds(60L * i))
          .isBefore(starts.get(0).plusSeconds(60L * i).plusMillis(1));
    }
  }

  @Test
  void aSlotThatRunsLongerThanTheSlotLengthDelaysTheNextSlotInsteadOfSkippingIt() {
    EarlyWakingClock clock = new EarlyWakingClock();
    assertThat(
            run(
                clock,
                4,
                slot -> {
                  if (slot == 0) {
                    clock.now =
                        clock.now.plusSeconds(130); // slot 0 took 130 s: slot 1 passed unrun
                  }
                }))
        .containsExactly(0, 1, 2, 3);
  }
}
