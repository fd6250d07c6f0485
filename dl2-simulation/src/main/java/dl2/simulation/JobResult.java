package dl2.simulation;

import dl2.model.JobType;

/**
 * A completed job. {@code completionTime} is e = ts − 1 + φ; JCT = e − a + 1 slots (dl2-spec §5.3).
 * {@code firstStartSlot} is the first slot in which the job held at least one task, so it waited
 * {@code firstStartSlot − arrivalSlot} slots from its arrival to its first allocation.
 */
public record JobResult(int id, JobType type, int arrivalSlot, double completionTime, double jct, int firstStartSlot) {
  /** Slots from the start of the arrival slot to the start of the first slot with a task. */
  public int waitingSlots() {
    return firstStartSlot - arrivalSlot;
  }
}
