package dl2.placement;

import dl2.io.InputException;
import dl2.slot.Placement;
import dl2.slot.StableScheduler;
import java.util.List;

/** The built-in placements by name, each a fresh instance (placements may measure as they run). */
public final class Placements {
  /** Every built-in placement: today's rule, Optimus' consolidation, and the interference-aware one. */
  public static final List<String> NAMES = List.of(LeastLoaded.NAME, FewestNodes.NAME, InterferenceAware.NAME);

  private Placements() {}

  /**
   * Whether {@code name} is {@code stable} or {@code stable-PLACEMENT}: running tasks stay where
   * they run ({@link StableScheduler}), new ones go where PLACEMENT (least-loaded for {@code stable}) says.
   */
  public static boolean isStable(String name) {
    return name != null && (name.equals(StableScheduler.NAME) || name.startsWith(StableScheduler.PREFIX));
  }

  /** The placement of a stable name's new tasks: null (least-loaded) for {@code stable}, else the part after {@code stable-}. */
  public static String stableInner(String name) {
    return name.equals(StableScheduler.NAME) ? null : name.substring(StableScheduler.PREFIX.length());
  }

  /** A fresh placement called {@code name}. */
  public static Placement byName(String name) {
    return switch (name) {
      case LeastLoaded.NAME -> new LeastLoaded();
      case FewestNodes.NAME -> new FewestNodes();
      case InterferenceAware.NAME -> new InterferenceAware();
      default -> throw new InputException("unknown placement '" + name + "'; valid placements: " + String.join(", ", NAMES));
    };
  }
}
