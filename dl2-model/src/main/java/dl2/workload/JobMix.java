package dl2.workload;

/** How a job's type and length are drawn (dl2-spec §4.3). */
public enum JobMix {
  /** Paper buckets; type = bucket + 1 (the released mapping, default). */
  PAPER_RELEASED,
  /** Paper buckets; type from the "importance" map [6,4,0,5,1,2,7,3]. */
  PAPER_IMPORTANCE,
  /** Uniform type; epochs = int(frac_k · MAX_EPOCHS). */
  SYNTHETIC
}
