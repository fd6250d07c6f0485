package dl2.learning.rl.explore;

import java.util.Locale;

/**
 * The exploration modes of dl2-spec §7.10 (Project): {@code original} (default), {@code paper} and
 * {@code none}, plus the project's {@code original-plus} (original rules with B3's worker-alone
 * variant, {@link ExplorationSettings#workerWhenPsCapped()}).
 */
public enum ExplorationMode {
  /** The original code's override rules (A) and (B). */
  ORIGINAL,
  /** The original rules; B3 adds a worker alone when the PS cap masks the bundle. */
  ORIGINAL_PLUS,
  /** The paper's ε = 0.4 rule for poor jobs. */
  PAPER,
  /** Keep every sampled action. */
  NONE;

  /** The mode used when none is given. */
  public static ExplorationMode defaultMode() {
    return ORIGINAL;
  }

  /** A fresh exploration for one agent. */
  public Exploration create(ExplorationSettings settings) {
    return switch (this) {
      case ORIGINAL -> new OriginalExploration(settings);
      case ORIGINAL_PLUS -> new OriginalExploration(settings.withWorkerWhenPsCapped());
      case PAPER -> new EpsilonExploration(settings);
      case NONE -> new NoExploration();
    };
  }

  /** A fresh exploration for one agent with the spec's constants. */
  public Exploration create() {
    return create(ExplorationSettings.DEFAULT);
  }

  /** The lower-case name used on the command line and in run files. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The mode with this name, case-insensitive. */
  public static ExplorationMode fromName(String name) {
    for (ExplorationMode mode : values()) {
      if (mode.cliName().equals(name.toLowerCase(Locale.ROOT))) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "unknown exploration mode '" + name + "' (original, original-plus, paper, none)");
  }
}
