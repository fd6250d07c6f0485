package dl2.simulation;

/**
 * What a heuristic scheduler may see and do in one slot: everything of {@link ObservedSlot}, plus
 * dry runs of the speed of any configuration. The simulator answers dry runs from its speed
 * model (the "perfect model" the simulator's Optimus uses); a live cluster answers from its
 * estimates.
 */
public interface SlotContext extends ObservedSlot {
  /**
   * Epochs a full slot would achieve with the given counts, without completing the job (the
   * "dry run" of dl2-spec §3.3). Counts may reach the cap + 1. A live cluster answers from its
   * speed estimates.
   */
  double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers);
}
