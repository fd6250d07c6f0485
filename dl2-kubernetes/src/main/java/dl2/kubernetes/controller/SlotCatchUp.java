package dl2.kubernetes.controller;

import java.time.Clock;
import java.time.Instant;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/**
 * Which slot the controller runs next: slots run in order, so a slot that overran the next one's
 * start makes that one run late rather than vanish; only when more than one slot went by is the
 * clock's slot run, and the skipped ones said.
 */
final class SlotCatchUp {
  private SlotCatchUp() {}

  /**
   * The slot to run after slot {@code last} (null: none yet, run the clock's): the next one, even
   * if late, unless the clock is already two slots further (then the clock's, and the skipped
   * said).
   */
  static OptionalInt following(
      Integer last, Clock clock, IntFunction<Instant> slotStart, LoopListener listener) {
    if (last == null) {
      return OptionalInt.empty();
    }
    Instant now = clock.instant();
    if (now.isBefore(slotStart.apply(last + 3))) {
      return OptionalInt.of(last + 1);
    }
    int current = last + 3;
    while (!now.isBefore(slotStart.apply(current + 1))) {
      current++;
    }
    listener.note(
        "slots "
            + (last + 1)
            + " to "
            + (current - 1)
            + " did not run: slot "
            + last
            + " ended at "
            + now
            + ", after them");
    return OptionalInt.empty();
  }
}
