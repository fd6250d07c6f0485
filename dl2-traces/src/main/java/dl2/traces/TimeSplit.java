package dl2.traces;

import dl2.io.InputException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The three parts of a real trace cut by time (docs/real-trace-splits.md): a job belongs to the
 * part in which its arrival falls, as a fraction of the file's arrival span: train [0, 0.6),
 * validation [0.6, 0.8), test [0.8, 1].
 */
public enum TimeSplit {
  TRAIN(0, 0.6),
  VALIDATION(0.6, 0.8),
  TEST(0.8, 1);

  private final double fromFraction;
  private final double toFraction;

  TimeSplit(double fromFraction, double toFraction) {
    this.fromFraction = fromFraction;
    this.toFraction = toFraction;
  }

  /** Where the part starts, as a fraction of the arrival span. */
  public double fromFraction() {
    return fromFraction;
  }

  /** Where it ends (exclusive, except the test part, which includes the last arrival). */
  public double toFraction() {
    return toFraction;
  }

  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The part a job arriving at {@code fraction} of the span belongs to. */
  static TimeSplit of(double fraction) {
    return fraction < TRAIN.toFraction
        ? TRAIN
        : fraction < VALIDATION.toFraction ? VALIDATION : TEST;
  }

  public static TimeSplit byName(String name) {
    return Arrays.stream(values())
        .filter(s -> s.cliName().equals(name.trim().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () -> new InputException("--split must be train, validation or test: '" + name + "'"));
  }
}
