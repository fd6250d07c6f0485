package dl2.slot;

/**
 * A scheduling policy. Once per slot it sees the outstanding jobs and the cluster through a {@link
 * SlotContext}, whose allocations start from zero, and adds tasks one at a time; the context owns
 * placement. The same scheduler runs in the simulator and on a live cluster.
 */
public interface Scheduler {
  /** Short name, e.g. {@code drf}. */
  String name();

  /** Allocates this slot's tasks through {@code slot}. */
  void schedule(SlotContext slot);

  /**
   * Whether this scheduler names the node of every task itself, so an outer placement never
   * decides.
   */
  default boolean placesItsOwnTasks() {
    return false;
  }
}
