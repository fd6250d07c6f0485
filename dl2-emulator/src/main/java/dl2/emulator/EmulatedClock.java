package dl2.emulator;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The emulator's accelerated clock: it shows whatever instant the emulator sets. */
public final class EmulatedClock extends Clock {
  private volatile Instant now;

  public EmulatedClock(Instant start) {
    this.now = start;
  }

  public void set(Instant instant) {
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
