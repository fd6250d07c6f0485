package dl2.report;

/** One completed job: its id, arrival slot a and JCT in slots (dl2-spec §5.3). */
public record JobOutcome(int id, int arrivalSlot, double jctSlots) {}
