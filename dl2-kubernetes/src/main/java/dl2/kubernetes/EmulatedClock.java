package dl2.kubernetes;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The emulator's accelerated clock: it shows whatever instant the emulator sets. */
final class EmulatedClock extends Clock {
  private volatile Instant now;

  EmulatedClock(Instant start) {
    this.now = start;
  }

  void set(Instant instant) {
    now = instant;
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
