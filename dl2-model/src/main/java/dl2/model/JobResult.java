package dl2.model;

/**
 * A completed job. {@code completionTime} is e = ts − 1 + φ; JCT = e − a + 1 slots (dl2-spec §5.3).
 * {@code firstStartSlot} is the first slot in which the job held at least one task, so it waited
 * {@code firstStartSlot − arrivalSlot} slots from its arrival to its first allocation.
 */
public record JobResult(
    int id, JobType type, int arrivalSlot, double completionTime, double jct, int firstStartSlot) {
  /**
   * The one JCT rule: a job that arrived in slot a and completed at e has JCT = e − a + 1 slots.
   */
  public static JobResult completed(
      int id, JobType type, int arrivalSlot, double completionTime, int firstStartSlot) {
    return new JobResult(
        id, type, arrivalSlot, completionTime, completionTime - arrivalSlot + 1, firstStartSlot);
  }

  /** Slots from the start of the arrival slot to the start of the first slot with a task. */
  public int waitingSlots() {
    return firstStartSlot - arrivalSlot;
  }
}
