package dl2.learning.rl;

/** What a decision is rewarded with (dl2-spec §7.5 and the paper's ablation). */
public enum RewardMode {
  /** Σ Δ_j/E_j over the jobs that ran in the slot, for every decision of the slot (default). */
  SLOT,
  /** An action's own job's Δ/E; a stop gets the slot reward divided by the number of jobs that ran. */
  PER_JOB,
  /** Minus the number of jobs not yet completed at the slot's end (fewer is better). */
  UNCOMPLETED
}
