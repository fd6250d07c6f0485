package dl2.schedulers;

import dl2.registry.Plugin;
import dl2.slot.Scheduler;

/**
 * A scheduler from outside the project. Implement it, list the class in {@code
 * META-INF/services/dl2.schedulers.SchedulerPlugin} of a jar (or classes directory), and give that
 * jar to a command with {@code --scheduler-jar JAR}; the commands find it with {@link
 * java.util.ServiceLoader} (see docs/own-scheduler.md). The class needs a public no-argument
 * constructor. Its scheduler joins the built-ins' registry ({@code
 * dl2.schedulers.registry.Schedulers}) under its name.
 */
public interface SchedulerPlugin extends Plugin<Scheduler> {
  /**
   * The name commands know it by ({@code --scheduler NAME}, compare's rows): lower-case letters,
   * digits and '-'.
   */
  @Override
  String name();

  /**
   * A fresh scheduler for one run (one trace, or one controller); anything random in it should come
   * from {@code seed}, which the command derives from its base seed and the trace.
   */
  @Override
  Scheduler create(long seed);
}
