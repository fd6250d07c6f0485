package dl2.placement;

import dl2.io.InputException;
import dl2.slot.Placement;
import java.util.List;

/** The built-in placements by name, each a fresh instance (placements may measure as they run). */
public final class Placements {
  /** Every built-in placement: today's rule, Optimus' consolidation, and the interference-aware one. */
  public static final List<String> NAMES = List.of(LeastLoaded.NAME, FewestNodes.NAME, InterferenceAware.NAME);

  private Placements() {}

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
