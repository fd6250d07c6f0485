package dl2.placement;

import dl2.io.InputException;
import dl2.schedulers.Schedulers;
import dl2.slot.PlacedScheduler;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.slot.StableScheduler;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * How a command resolves a scheduler name of the form {@code SCHEDULER@PLACEMENT}: the part before
 * the {@code @} is resolved as any scheduler name is (a baseline, a plug-in, dl2's policy), the part
 * after it as a built-in placement ({@link Placements}) or a placement plug-in; a name without
 * {@code @} is the scheduler alone, which is {@code SCHEDULER@least-loaded} bit for bit.
 * {@code SCHEDULER@stable} and {@code SCHEDULER@stable-PLACEMENT} keep running tasks where they run
 * ({@link StableScheduler}); the commands that train refuse them.
 */
public final class PlacedSchedulers {
  private PlacedSchedulers() {}

  /** The scheduler part of {@code name}: all of it without an {@code @}. */
  public static String schedulerPart(String name) {
    int at = name.indexOf(PlacedScheduler.SEPARATOR);
    return at < 0 ? name : name.substring(0, at);
  }

  /** The placement part of {@code name}; null without an {@code @}. */
  public static String placementPart(String name) {
    int at = name.indexOf(PlacedScheduler.SEPARATOR);
    return at < 0 ? null : name.substring(at + 1);
  }

  /** Checks the placement part of {@code name} (if any) against the built-ins and {@code plugins}; a one-line InputException if unknown. */
  public static void check(String name, PlacementPlugins plugins) {
    check(name, plugins, true);
  }

  /** As {@link #check}, where only the built-in placements run (train, experiment): no plug-in jar to suggest. */
  public static void checkBuiltIn(String name) {
    check(name, PlacementPlugins.none(), false);
  }

  private static void check(String name, PlacementPlugins plugins, boolean takesJars) {
    String placement = placementPart(name);
    if (takesJars && Placements.isStable(placement)) {
      String inner = Placements.stableInner(placement);
      if (LeastLoaded.NAME.equals(inner)) {
        throw new InputException("'" + name + "': stable places new tasks least-loaded already; say " + schedulerPart(name)
            + PlacedScheduler.SEPARATOR + StableScheduler.NAME);
      }
      placement = inner;
    }
    if (placement != null && !Placements.NAMES.contains(placement) && !plugins.has(placement)) {
      List<String> valid = Stream.concat(Placements.NAMES.stream(), plugins.names().stream()).toList();
      throw new InputException("unknown placement '" + placement + "' in '" + name + "'; valid placements: "
          + String.join(", ", valid) + (takesJars && plugins.names().isEmpty() ? "; your own with " + PlacementPlugins.OPTION
              + " JAR" : ""));
    }
  }

  /**
   * {@code scheduler} under {@code placement} as compare names its rows: the name alone for the
   * default placement (which it is bit for bit) and for a scheduler that places its own tasks,
   * else {@code SCHEDULER@PLACEMENT}.
   */
  public static String named(String scheduler, String placement) {
    return placement.equals(LeastLoaded.NAME) || Schedulers.PLACE_THEMSELVES.contains(scheduler) ? scheduler
        : scheduler + PlacedScheduler.SEPARATOR + placement;
  }

  /** A fresh placement called {@code name}: a built-in, else {@code plugins}' (created with {@code seed}). */
  public static Placement placement(String name, PlacementPlugins plugins, long seed) {
    return Placements.NAMES.contains(name) || !plugins.has(name) ? Placements.byName(name) : plugins.create(name, seed);
  }

  /**
   * A fresh scheduler called {@code name}: {@code schedulers} makes the scheduler part (fresh), and
   * with an {@code @} it runs on the named placement.
   */
  public static Scheduler create(String name, Function<String, Scheduler> schedulers, PlacementPlugins plugins,
      long placementSeed) {
    check(name, plugins);
    Scheduler scheduler = schedulers.apply(schedulerPart(name));
    String placement = placementPart(name);
    if (Placements.isStable(placement)) {
      String inner = Placements.stableInner(placement);
      return new StableScheduler(scheduler, inner == null ? null : placement(inner, plugins, placementSeed));
    }
    return placement == null ? scheduler : new PlacedScheduler(scheduler, placement(placement, plugins, placementSeed));
  }
}
