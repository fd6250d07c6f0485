package dl2.shard;

import dl2.io.InputException;

/**
 * Which share of a long command's independent work (an experiment's units, a sweep's training runs)
 * one invocation runs: shard {@code index} of {@code count}, counted from 0 as an Indexed Job's
 * {@code JOB_COMPLETION_INDEX} counts.
 */
public record Shard(int index, int count) {
  /** More shards than this split no experiment any further: its units are fewer. */
  public static final int MAX_COUNT = 1000;

  public Shard {
    if (count < 1 || count > MAX_COUNT || index < 0 || index >= count) {
      throw new IllegalArgumentException("no shard " + index + " of " + count);
    }
  }

  /**
   * {@code I/N} as {@code --shard} gives it; a bad value is a one-line input error naming {@code
   * flag}.
   */
  public static Shard parse(String flag, String text) {
    String[] parts = text.split("/", -1);
    try {
      if (parts.length == 2) {
        return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
      }
    } catch (IllegalArgumentException e) {
      // reported below
    }
    throw new InputException(
        flag
            + " must be I/N with 0 <= I < N <= "
            + MAX_COUNT
            + " (shards count from 0, as JOB_COMPLETION_INDEX does): "
            + text);
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
