package dl2.placement;

import dl2.registry.Launch;
import dl2.registry.Registry;
import dl2.schedulers.typed.FastestTypePlacement;
import dl2.slot.Placement;
import java.util.List;

/**
 * The built-in placements, registered by name; each instance is fresh (placements may measure as
 * they run).
 */
public final class Placements {
  /** The option commands read placement plug-in jars from. */
  public static final String OPTION = "--placement-jar";

  /**
   * Every built-in placement: today's rule, Optimus' consolidation, the interference-aware one, and
   * the one that keeps each job on its fastest GPU type (measured, or as an oracle).
   */
  public static final Registry<Placement> BUILT_IN =
      Registry.<Placement>of("placement", OPTION, Placement::name)
          .with(LeastLoaded.NAME, l -> new LeastLoaded())
          .with(FewestNodes.NAME, l -> new FewestNodes())
          .with(InterferenceAware.NAME, l -> new InterferenceAware())
          .with(FastestTypePlacement.NAME, l -> FastestTypePlacement.measured())
          .with(FastestTypePlacement.ORACLE_NAME, l -> FastestTypePlacement.oracle());

  /**
   * The heterogeneity-blind built-in placements' names, in order: compare's placements in the
   * realistic world.
   */
  public static final List<String> NAMES =
      List.of(LeastLoaded.NAME, FewestNodes.NAME, InterferenceAware.NAME);

  /** The built-in placements that keep each job's workers on one GPU type. */
  public static final List<String> ONE_GPU_TYPE =
      List.of(FastestTypePlacement.NAME, FastestTypePlacement.ORACLE_NAME);

  private Placements() {}

  /**
   * A fresh built-in placement called {@code name}; an unknown one is a one-line InputException.
   */
  public static Placement byName(String name) {
    return BUILT_IN.create(name, Launch.live(0));
  }
}
