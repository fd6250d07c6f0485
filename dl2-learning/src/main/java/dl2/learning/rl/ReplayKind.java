package dl2.learning.rl;

/**
 * The experience replay of the actor-critic objective (dl2-spec §7.9): plain (Paper) or prioritised
 * (Original RL).
 */
public enum ReplayKind {
  PLAIN,
  PRIORITISED
}
