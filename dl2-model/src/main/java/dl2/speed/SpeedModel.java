package dl2.speed;

import dl2.model.JobType;

/**
 * Aggregate training speed of a job (samples/s summed over its workers) as a function of its
 * parameter-server and worker counts (dl2-spec §3). Implementations are pure and thread-safe.
 */
public interface SpeedModel {
  /**
   * Samples per second for {@code numPs} ≥ 1 parameter servers and {@code numWorkers} ≥ 1 workers.
   */
  double samplesPerSecond(JobType type, int numPs, int numWorkers);

  /**
   * Epochs one full slot of {@code slotSeconds} achieves: (f·T)/epoch_size, in exactly that order
   * so that results are bit-for-bit reproducible (§3.2).
   */
  default double epochsPerSlot(JobType type, int numPs, int numWorkers, double slotSeconds) {
    return (samplesPerSecond(type, numPs, numWorkers) * slotSeconds) / type.epochSize();
  }

  /**
   * The highest epochs per slot over 1 ≤ p, w ≤ {@code taskCap}: the type alone at its best.
   *
   * @throws IllegalArgumentException if the type makes no progress at any configuration
   */
  default double bestEpochsPerSlot(JobType type, int taskCap, int slotSeconds) {
    double best = 0;
    for (int p = 1; p <= taskCap; p++) {
      for (int w = 1; w <= taskCap; w++) {
        best = Math.max(best, epochsPerSlot(type, p, w, slotSeconds));
      }
    }
    if (!(best > 0)) {
      throw new IllegalArgumentException(
          type.modelName() + " makes no progress at any configuration up to the cap");
    }
    return best;
  }

  /** A short name for reports, e.g. {@code fitted-optimus}. */
  String name();
}
