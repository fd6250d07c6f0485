package dl2.slot;

/**
 * What a cluster reports about one running job at the end of a slot: the allocation it held, the
 * epochs it made, and for how much of the slot it trained (less than 1 when it completed, or lost
 * time to resizing). Every quantity is measured, so learning may use it; {@link #epochsPerSlot()}
 * is the speed measured under the allocation actually held.
 *
 * @param reward Δ/E, the job's share of the slot reward
 * @param trainedSlots the fraction of the slot the job trained, in [0, 1]
 */
public record JobProgress(
    int jobId,
    int parameterServers,
    int workers,
    double epochsDone,
    double trainedSlots,
    double reward,
    boolean completed) {
  /**
   * The measured speed under the allocation held: epochs per full slot of training; 0 without
   * progress.
   */
  public double epochsPerSlot() {
    return trainedSlots > 0 ? epochsDone / trainedSlots : 0;
  }
}
