package dl2.simulation;

/** One running job's progress in a slot: epochs done Δ and its reward share Δ/E. */
public record JobProgress(int jobId, double epochsDone, double reward, boolean completed) {}
