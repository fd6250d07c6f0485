package dl2.placement;

import dl2.registry.Launch;
import dl2.registry.Registry;
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
   * Every built-in placement: today's rule, Optimus' consolidation, and the interference-aware one.
   */
  public static final Registry<Placement> BUILT_IN =
      Registry.<Placement>of("placement", OPTION, Placement::name)
          .with(LeastLoaded.NAME, l -> new LeastLoaded())
          .with(FewestNodes.NAME, l -> new FewestNodes())
          .with(InterferenceAware.NAME, l -> new InterferenceAware());

  /** The built-in placements' names, in order. */
  public static final List<String> NAMES = BUILT_IN.names();

  private Placements() {}

  /**
   * A fresh built-in placement called {@code name}; an unknown one is a one-line InputException.
   */
  public static Placement byName(String name) {
    return BUILT_IN.create(name, Launch.live(0));
  }
}
