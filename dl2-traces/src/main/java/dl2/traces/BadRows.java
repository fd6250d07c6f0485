package dl2.traces;

import dl2.io.InputException;
import java.util.function.Consumer;

/**
 * What a bad row does: by default it stops the conversion (exit code 2); with {@code
 * --skip-bad-rows} it is reported (one line, with file and line) and left out.
 */
public final class BadRows {
  private final Consumer<String> reporter;
  private int skipped;

  private BadRows(Consumer<String> reporter) {
    this.reporter = reporter;
  }

  /** Every bad row is an error. */
  public static BadRows fail() {
    return new BadRows(null);
  }

  /** Bad rows are left out; {@code reporter} gets one line per skipped row. */
  public static BadRows skip(Consumer<String> reporter) {
    return new BadRows(reporter);
  }

  /** Runs {@code parse} on one row; a bad row either propagates or is reported and skipped. */
  void guard(Runnable parse) {
    try {
      parse.run();
    } catch (InputException e) {
      if (reporter == null) {
        throw e;
      }
      skipped++;
      reporter.accept("skipped bad row: " + e.getMessage());
    }
  }

  public int skipped() {
    return skipped;
  }
}
