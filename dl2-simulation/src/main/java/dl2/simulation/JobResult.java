package dl2.simulation;

import dl2.model.JobType;

/**
 * A completed job. {@code completionTime} is e = ts − 1 + φ; JCT = e − a + 1 slots (dl2-spec §5.3).
 */
public record JobResult(int id, JobType type, int arrivalSlot, double completionTime, double jct) {}
