package dl2.learning.onpolicy;

/** What reinforcement learning optimises. */
public enum Objective {
  /** Actor-critic with replay on the configured reward (the shipped recipe: observed marginal rewards). */
  MARGINAL,
  /** On-policy training on minus the jobs outstanding each slot: total JCT itself ({@link OnPolicyTrainer}). */
  JCT
}
