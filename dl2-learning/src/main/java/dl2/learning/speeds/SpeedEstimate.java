package dl2.learning.speeds;

import dl2.slot.JobView;

/**
 * A job's speed at a configuration, as some source estimates it (measurements, or an explicitly
 * named oracle).
 */
@FunctionalInterface
public interface SpeedEstimate {
  /**
   * Epochs a full slot at ({@code numPs}, {@code numWorkers}) would achieve; 0 without a worker or
   * a PS.
   */
  double epochsPerSlot(JobView job, int numPs, int numWorkers);
}
