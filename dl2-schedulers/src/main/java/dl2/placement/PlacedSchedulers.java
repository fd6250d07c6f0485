package dl2.placement;

import dl2.io.InputException;
import dl2.registry.Launch;
import dl2.registry.Registry;
import dl2.registry.Trait;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.PlacedScheduler;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.slot.StablePlacement;
import dl2.slot.StableScheduler;
import java.util.Optional;

/**
 * How a {@link SchedulerName} resolves against a registry of schedulers and one of placements: the
 * scheduler part as any scheduler name is (a baseline, a plug-in, dl2's policy), the placement part
 * as a built-in placement ({@link Placements}) or a placement plug-in; a name without a placement
 * is the scheduler alone, which is {@code SCHEDULER@least-loaded} bit for bit. {@code
 * SCHEDULER@stable} and {@code SCHEDULER@stable-PLACEMENT} ({@link StablePlacement}) keep running
 * tasks where they run ({@link StableScheduler}); the commands that train refuse them.
 */
public final class PlacedSchedulers {
  private PlacedSchedulers() {}

  /**
   * Fails unless the placement of {@code name} (if any) is in {@code placements}: a one-line
   * InputException listing the valid ones, and how to add one's own when {@code suggestJars}. What
   * the commands that train take: no {@code stable} placement.
   */
  public static void checkPlacement(
      SchedulerName name, Registry<Placement> placements, boolean suggestJars) {
    name.placement().ifPresent(p -> placements.require(p, " in '" + name + "'", suggestJars));
  }

  /**
   * As {@link #checkPlacement} (suggesting jars), or {@code stable} or {@code stable-PLACEMENT}
   * with PLACEMENT in {@code placements}: what the commands that run a scheduler take. {@code
   * stable-least-loaded}, a second spelling of {@code stable}, is refused.
   */
  public static void checkRunnable(SchedulerName name, Registry<Placement> placements) {
    Optional<StablePlacement> stable = name.placement().flatMap(StablePlacement::parse);
    if (stable.isEmpty()) {
      checkPlacement(name, placements, true);
      return;
    }
    String newTasks = stable.get().newTasks();
    if (stable.get().newTasksByDefault()) {
      if (!name.placement().get().equals(StablePlacement.NAME)) {
        throw new InputException(
            "'"
                + name
                + "': stable places new tasks least-loaded already; say "
                + name.withPlacement(StablePlacement.NAME));
      }
      return;
    }
    placements.require(newTasks, " in '" + name + "'", true);
  }

  /**
   * Fails if {@code name} writes a placement for a scheduler that places its own tasks: it has
   * nothing to decide.
   */
  public static void checkPlaceable(SchedulerName name, Registry<Scheduler> schedulers) {
    if (name.placement().isPresent()
        && schedulers.is(name.scheduler(), Trait.PLACES_ITS_OWN_TASKS)) {
      throw new InputException(
          "scheduler "
              + name.scheduler()
              + " places its own tasks, so '"
              + name
              + "' has no placement to apply; name it alone");
    }
  }

  /**
   * The built-in {@code scheduler} under {@code placement} as compare names its rows: alone for the
   * default placement (which it is bit for bit) and for a scheduler that places its own tasks.
   */
  public static SchedulerName named(String scheduler, String placement) {
    SchedulerName alone = SchedulerName.of(scheduler);
    return Schedulers.BUILT_IN.is(scheduler, Trait.PLACES_ITS_OWN_TASKS)
        ? alone
        : alone.withPlacement(placement);
  }

  /**
   * {@code name} as it is if it names a placement (a warm-up teacher), else {@link #named} under
   * {@code placement}.
   */
  public static SchedulerName namedUnlessPlaced(String name, String placement) {
    SchedulerName parsed = SchedulerName.parse(name);
    return parsed.placement().isPresent() ? parsed : named(parsed.scheduler(), placement);
  }

  /**
   * A fresh scheduler called {@code name} for {@code launch}: {@code schedulers} makes the
   * scheduler part, and with a placement it runs on a fresh one from {@code placements} (kept in
   * place under a {@code stable} one).
   */
  public static Scheduler create(
      SchedulerName name,
      Registry<Scheduler> schedulers,
      Registry<Placement> placements,
      Launch launch) {
    checkRunnable(name, placements);
    Scheduler scheduler = schedulers.create(name.scheduler(), launch);
    Optional<StablePlacement> stable = name.placement().flatMap(StablePlacement::parse);
    if (stable.isPresent()) {
      return new StableScheduler(
          scheduler,
          stable.get().newTasksByDefault()
              ? null
              : placements.create(stable.get().newTasks(), launch));
    }
    return name.placement()
        .<Scheduler>map(p -> new PlacedScheduler(scheduler, placements.create(p, launch)))
        .orElse(scheduler);
  }
}
