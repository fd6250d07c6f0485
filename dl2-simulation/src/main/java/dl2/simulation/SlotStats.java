package dl2.simulation;

/** What one slot produced: reward Σ Δ/E and the share of cluster CPU and GPU allocated. */
public record SlotStats(int slot, double reward, double cpuUtilisation, double gpuUtilisation) {}
