package dl2.simulation.world;

import dl2.model.JobType;

/**
 * How fast a job of one run can possibly train, for lower bounds on JCT: in slot t with p PSs and w
 * workers a job never does more than {@link #peakEpochsPerSlot} × {@link #slotFactor}(t) epochs,
 * wherever its tasks are placed, whatever runs beside them and whatever resizing costs.
 */
public interface SpeedCeiling {
  /**
   * The most job {@code jobId} does in a whole slot at ({@code numPs}, {@code numWorkers}) ≥ (1, 1)
   * before the slot's random factor, when at most {@code localPairs} of its (worker, PS) pairs can
   * share a node ({@link LocalPairKnapsack}).
   */
  double peakEpochsPerSlot(int jobId, JobType type, int numPs, int numWorkers, double localPairs);

  /**
   * The largest factor by which slot {@code slot}'s randomness can multiply job {@code jobId}'s
   * progress.
   */
  double slotFactor(int jobId, int slot);

  /** Whether {@link #slotFactor} is one number for every job and slot. */
  boolean steady();
}
