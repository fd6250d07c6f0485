package dl2.speed;

import dl2.model.JobType;

/**
 * A speed model whose time per sample splits into a compute part and a communication part, so that
 * a job's compute and communication can be scaled separately (the realistic world). {@link
 * #samplesPerSecond} stays the model's own exact formula.
 */
public interface SplitSpeedModel extends SpeedModel {
  /** Seconds per sample spent computing, for {@code numPs}, {@code numWorkers} ≥ 1. */
  double computeSecondsPerSample(JobType type, int numPs, int numWorkers);

  /** Seconds per sample spent exchanging parameters with the parameter servers. */
  double communicationSecondsPerSample(JobType type, int numPs, int numWorkers);
}
