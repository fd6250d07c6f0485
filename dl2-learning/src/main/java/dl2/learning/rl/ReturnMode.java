package dl2.learning.rl;

/** The regression target y of the critic (dl2-spec §7.5). */
public enum ReturnMode {
  /** Original: y = r_t, no discounting across slots (γ = 0). */
  IMMEDIATE,
  /** Paper: y = r_t + γ·V(s′) with γ = 0.9 and a TD-trained critic; V = 0 at the end. */
  DISCOUNTED
}
