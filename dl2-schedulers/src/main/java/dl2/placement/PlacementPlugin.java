package dl2.placement;

import dl2.registry.Plugin;
import dl2.slot.Placement;

/**
 * A placement from outside the project, as {@link dl2.schedulers.SchedulerPlugin} is a scheduler:
 * implement it, list the class in {@code META-INF/services/dl2.placement.PlacementPlugin} of a jar
 * (or classes directory), and the commands find it with {@link java.util.ServiceLoader}; any
 * scheduler then runs with it as {@code SCHEDULER@NAME}. The class needs a public no-argument
 * constructor.
 */
public interface PlacementPlugin extends Plugin<Placement> {
  /** The name after the {@code @}: lower-case letters, digits and '-'. */
  @Override
  String name();

  /** A fresh placement for one run; anything random in it should come from {@code seed}. */
  @Override
  Placement create(long seed);
}
