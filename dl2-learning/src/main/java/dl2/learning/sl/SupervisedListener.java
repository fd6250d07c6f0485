package dl2.learning.sl;

/** Progress of a warm-up run, e.g. for a progress bar. */
public interface SupervisedListener {
  SupervisedListener NONE = new SupervisedListener() {};

  default void started(int totalSteps, double teacherJct) {}

  default void stepped(long step, double loss) {}

  default void validated(ValidationPoint point, boolean best) {}
}
