package dl2.speed;

import dl2.model.JobType;

/**
 * One row of a user-supplied speed table (dl2-spec §3.5): the measured aggregate speed of a job of
 * {@code type} with {@code numPs} parameter servers and {@code numWorkers} workers, in the units of
 * §3.2 (samples/s summed over the workers).
 */
public record SpeedRecord(JobType type, int numPs, int numWorkers, double samplesPerSecond) {
  public SpeedRecord {
    if (type == null) {
      throw new IllegalArgumentException("type must not be null");
    }
    if (numPs < 1 || numWorkers < 1) {
      throw new IllegalArgumentException(
          "counts must be >= 1: (" + numPs + ", " + numWorkers + ")");
    }
    if (!Double.isFinite(samplesPerSecond) || samplesPerSecond < 0) {
      throw new IllegalArgumentException("speed must be finite and >= 0: " + samplesPerSecond);
    }
  }
}
