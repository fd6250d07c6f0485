package dl2.learning.rl;

/** Progress of an RL run, e.g. for a progress bar. */
public interface RlListener {
  RlListener NONE = new RlListener() {};

  default void stepped(long step) {}

  default void validated(RlPoint point, boolean best) {}
}
