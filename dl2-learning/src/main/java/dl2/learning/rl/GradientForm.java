package dl2.learning.rl;

/** How the policy gradient is formed (dl2-spec §7.7). */
public enum GradientForm {
  /** Recompute q from the stored state and mask with the current network (Project default). */
  RECOMPUTED,
  /**
   * The original: logit gradient from the q stored when acting, back-propagated through the current
   * weights.
   */
  STORED_BEHAVIOUR
}
