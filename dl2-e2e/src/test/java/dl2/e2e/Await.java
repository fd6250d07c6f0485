package dl2.e2e;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Polls a condition of a real cluster, which settles in its own time. */
final class Await {
  private Await() {}

  /**
   * Waits until {@code condition} holds; fails after {@code limit} with {@code state} (what was
   * seen).
   */
  static void until(Duration limit, BooleanSupplier condition, Supplier<String> state)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + limit + ": " + state.get());
      }
      Thread.sleep(250);
    }
  }
}
