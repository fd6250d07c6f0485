package dl2.simulation;

import dl2.slot.JobView;

/**
 * The simulator's true speed of a job at any configuration, noise-free: knowledge no live cluster
 * has. Learning code may use it only behind an option named as an oracle (e.g. the reward {@code
 * oracle-marginals}), and every output of such a run says so.
 */
public interface SpeedOracle {
  /**
   * Epochs a full slot at ({@code numPs}, {@code numWorkers}) would achieve; 0 without a worker or
   * a PS.
   */
  double epochsPerSlot(JobView job, int numPs, int numWorkers);
}
