package dl2.registry;

/**
 * What a plug-in of yours provides, found with {@link java.util.ServiceLoader}: a name and fresh
 * instances. {@code dl2.schedulers.SchedulerPlugin} and {@code dl2.placement.PlacementPlugin} are
 * the two kinds; a class needs a public no-argument constructor.
 */
public interface Plugin<T> {
  /** The name commands know it by: lower-case letters, digits and '-'. */
  String name();

  /** A fresh instance for one run; anything random in it should come from {@code seed}. */
  T create(long seed);
}
