package dl2.slot;

import java.util.Optional;

/**
 * The placement part {@code stable} or {@code stable-PLACEMENT} of a scheduler's name: running
 * tasks stay where they run ({@link StableScheduler}), new ones go where PLACEMENT says ({@code
 * stable}: least-loaded, the default). Not a placement of its own, so no registry lists it; the one
 * place that reads or writes the {@code stable} prefix, as {@link SchedulerName} is for the
 * {@code @}.
 *
 * @param newTasks the placement of new tasks ({@link SchedulerName#DEFAULT_PLACEMENT} for {@code
 *     stable})
 */
public record StablePlacement(String newTasks) {
  /**
   * The placement part of the wrapper over least-loaded; {@code stable-PLACEMENT} over any other.
   */
  public static final String NAME = "stable";

  private static final String PREFIX = NAME + "-";

  /**
   * {@code placement} read as {@code stable} or {@code stable-PLACEMENT}; empty for any other
   * placement.
   */
  public static Optional<StablePlacement> parse(String placement) {
    if (placement.equals(NAME)) {
      return Optional.of(new StablePlacement(SchedulerName.DEFAULT_PLACEMENT));
    }
    return placement.startsWith(PREFIX)
        ? Optional.of(new StablePlacement(placement.substring(PREFIX.length())))
        : Optional.empty();
  }

  /**
   * Whether new tasks go by the default placement, which is {@code stable} (also when spelled
   * {@code stable-least-loaded}).
   */
  public boolean newTasksByDefault() {
    return SchedulerName.isDefault(newTasks);
  }

  /** {@code stable} for the default placement of new tasks, else {@code stable-PLACEMENT}. */
  @Override
  public String toString() {
    return newTasksByDefault() ? NAME : PREFIX + newTasks;
  }
}
