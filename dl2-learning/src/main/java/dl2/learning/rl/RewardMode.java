package dl2.learning.rl;

/** What a decision is rewarded with (dl2-spec §7.5 and the paper's ablation). */
public enum RewardMode {
  /** Σ Δ_j/E_j over the jobs that ran in the slot, for every decision of the slot (default). */
  SLOT,
  /** An action's own job's Δ/E; a stop gets the slot reward divided by the number of jobs that ran. */
  PER_JOB,
  /**
   * Project: a decision's marginal reward ({@link MarginalReward}), what its task adds to its job's
   * progress rate when it is allocated; a stop earns 0.
   */
  MARGINAL,
  /**
   * Project: the marginal reward of every action in the decision's state, known in simulation, and
   * the all-actions policy gradient Σ_a ∇q(a)·M(a) instead of the sampled action's.
   */
  ALL_MARGINALS,
  /** Minus the number of jobs not yet completed at the slot's end (fewer is better). */
  UNCOMPLETED;

  /** Whether each decision earns its own immediate reward, which rules out discounted returns. */
  public boolean perDecision() {
    return this == MARGINAL || this == ALL_MARGINALS;
  }
}
