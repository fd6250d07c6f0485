package dl2.placement;

import dl2.io.InputException;
import dl2.registry.Launch;
import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.Schedulers;
import dl2.slot.PlacedScheduler;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;

/**
 * How a {@link SchedulerName} resolves against a registry of schedulers and one of placements:
 * the scheduler part as any scheduler name is (a baseline, a plug-in, dl2's policy), the placement
 * part as a built-in placement ({@link Placements}) or a placement plug-in; a name without a
 * placement is the scheduler alone, which is {@code SCHEDULER@least-loaded} bit for bit.
 */
public final class PlacedSchedulers {
  private PlacedSchedulers() {}

  /**
   * Fails unless the placement of {@code name} (if any) is in {@code placements}: a one-line
   * InputException listing the valid ones, and how to add one's own when {@code suggestJars}.
   */
  public static void checkPlacement(SchedulerName name, Registry<Placement> placements, boolean suggestJars) {
    name.placement().ifPresent(p -> placements.require(p, " in '" + name + "'", suggestJars));
  }

  /** Fails if {@code name} writes a placement for a scheduler that places its own tasks: it has nothing to decide. */
  public static void checkPlaceable(SchedulerName name, Registry<Scheduler> schedulers) {
    if (name.placement().isPresent() && schedulers.is(name.scheduler(), Trait.PLACES_ITS_OWN_TASKS)) {
      throw new InputException("scheduler " + name.scheduler() + " places its own tasks, so '" + name
          + "' has no placement to apply; name it alone");
    }
  }

  /**
   * The built-in {@code scheduler} under {@code placement} as compare names its rows: alone for
   * the default placement (which it is bit for bit) and for a scheduler that places its own tasks.
   */
  public static SchedulerName named(String scheduler, String placement) {
    SchedulerName alone = SchedulerName.of(scheduler);
    return Schedulers.BUILT_IN.is(scheduler, Trait.PLACES_ITS_OWN_TASKS) ? alone : alone.withPlacement(placement);
  }

  /** {@code name} as it is if it names a placement (a warm-up teacher), else {@link #named} under {@code placement}. */
  public static SchedulerName namedUnlessPlaced(String name, String placement) {
    SchedulerName parsed = SchedulerName.parse(name);
    return parsed.placement().isPresent() ? parsed : named(parsed.scheduler(), placement);
  }

  /**
   * A fresh scheduler called {@code name} for {@code launch}: {@code schedulers} makes the scheduler
   * part, and with a placement it runs on a fresh one from {@code placements}.
   */
  public static Scheduler create(SchedulerName name, Registry<Scheduler> schedulers, Registry<Placement> placements,
      Launch launch) {
    checkPlacement(name, placements, true);
    Scheduler scheduler = schedulers.create(name.scheduler(), launch);
    return name.placement().<Scheduler>map(p -> new PlacedScheduler(scheduler, placements.create(p, launch)))
        .orElse(scheduler);
  }
}
