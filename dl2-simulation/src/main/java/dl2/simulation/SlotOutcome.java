package dl2.simulation;

import dl2.slot.JobProgress;
import java.util.List;

/** The end of one slot: its stats, each running job's progress, and whether the trace is done. */
public record SlotOutcome(SlotStats stats, List<JobProgress> progress, boolean finished) {}
