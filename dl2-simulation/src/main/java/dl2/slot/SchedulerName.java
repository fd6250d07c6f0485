package dl2.slot;

import dl2.io.InputException;
import java.util.Optional;

/**
 * A scheduler's name as commands, reports and policy files write it: {@code SCHEDULER} alone, or
 * {@code SCHEDULER@PLACEMENT}, the scheduler with its tasks placed by that placement ({@link
 * PlacedScheduler}). The one place that writes or reads the {@code @}. Least-loaded, the slot's own
 * rule, is the default placement: a name composed here writes it as none, and {@link
 * #isDefaultPlacement} answers for both spellings, as {@code drf@least-loaded} runs bit for bit as
 * {@code drf}. A parsed name keeps the spelling it was given, which is its row's name.
 */
public record SchedulerName(String scheduler, Optional<String> placement) {
  /**
   * The slot's own rule ({@link ClusterSlot} adds a task on the least-loaded node), which a lone
   * scheduler follows.
   */
  public static final String DEFAULT_PLACEMENT = "least-loaded";

  private static final char AT = '@';

  /** A malformed name (an empty part, a second {@code @}) is a one-line InputException. */
  public SchedulerName {
    String text = written(scheduler, placement);
    if (text.isEmpty()) {
      throw new InputException("empty scheduler name: name one, e.g. drf or drf@fewest-nodes");
    }
    if (scheduler.isEmpty()) {
      throw malformed(text, "has nothing before the '@'");
    }
    if (placement.isPresent() && placement.get().isEmpty()) {
      throw malformed(text, "has nothing after the '@'");
    }
    if (placement.isEmpty() && scheduler.indexOf(AT) >= 0) {
      throw new IllegalArgumentException(
          "'" + scheduler + "' is a placed name, not a scheduler's: read it with parse");
    }
    if (text.indexOf(AT) != text.lastIndexOf(AT)) {
      throw malformed(text, "has a second '@'");
    }
  }

  /**
   * {@code text} read as {@code SCHEDULER} or {@code SCHEDULER@PLACEMENT}: malformed, a one-line
   * InputException.
   */
  public static SchedulerName parse(String text) {
    int at = text.indexOf(AT);
    return at < 0
        ? of(text)
        : new SchedulerName(text.substring(0, at), Optional.of(text.substring(at + 1)));
  }

  /** {@code scheduler} alone, under the default placement. */
  public static SchedulerName of(String scheduler) {
    return new SchedulerName(scheduler, Optional.empty());
  }

  /** This scheduler under {@code other} instead of its own placement: alone for the default. */
  public SchedulerName withPlacement(String other) {
    return new SchedulerName(scheduler, isDefault(other) ? Optional.empty() : Optional.of(other));
  }

  /**
   * Whether its tasks go by the default placement (none written, or least-loaded), which is the
   * scheduler alone.
   */
  public boolean isDefaultPlacement() {
    return placement.map(SchedulerName::isDefault).orElse(true);
  }

  /** The placement its tasks go by: its own, or {@link #DEFAULT_PLACEMENT}. */
  public String placementOrDefault() {
    return placement.orElse(DEFAULT_PLACEMENT);
  }

  /** Whether {@code placement} names the default placement. */
  public static boolean isDefault(String placement) {
    return placement.equals(DEFAULT_PLACEMENT);
  }

  /**
   * The placed scheduler a chart label starts with ({@code "dl2@fewest-nodes (greedy)"}, {@code
   * "dl2@fewest-nodes / drf@fewest-nodes"}): the text before its first {@code @}, under the word
   * after it if that word is a placement's name; empty if no {@code @} follows the label's first
   * character. Lenient, as labels are not names.
   */
  public static Optional<SchedulerName> ofLabel(String label) {
    int at = label.indexOf(AT);
    if (at <= 0) {
      return Optional.empty();
    }
    String word = label.substring(at + 1).split("[ (]", 2)[0];
    boolean placed = !word.isEmpty() && word.indexOf(AT) < 0;
    return Optional.of(
        new SchedulerName(label.substring(0, at), placed ? Optional.of(word) : Optional.empty()));
  }

  private static InputException malformed(String text, String problem) {
    return new InputException(
        "scheduler name '" + text + "' " + problem + "; write SCHEDULER or SCHEDULER@PLACEMENT");
  }

  private static String written(String scheduler, Optional<String> placement) {
    return placement.map(p -> scheduler + AT + p).orElse(scheduler);
  }

  @Override
  public String toString() {
    return written(scheduler, placement);
  }
}
