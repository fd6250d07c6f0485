package dl2.kubernetes.controller;

import java.util.concurrent.TimeUnit;

/**
 * Waits on a monitor for about a duration. The platform may wake it early (up to a millisecond, or
 * spuriously) and {@code notifyAll} wakes it at once, so callers re-check their clock and loop.
 */
@FunctionalInterface
interface Pause {
  /**
   * {@link Object#wait}, which never waits for ever: a positive {@code nanos} waits at least 1 ms.
   */
  Pause MONITOR = (monitor, nanos) -> TimeUnit.NANOSECONDS.timedWait(monitor, nanos);

  /** Called while holding {@code monitor}; {@code nanos} is positive. */
  void await(Object monitor, long nanos) throws InterruptedException;
}
