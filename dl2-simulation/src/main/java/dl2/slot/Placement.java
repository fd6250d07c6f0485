package dl2.slot;

import dl2.model.Task;

/**
 * Decides which node one more task of a job goes to, so that placement is one concept wherever a
 * {@link Scheduler} runs (simulator, emulator, live controller): {@link PlacedScheduler} runs any
 * scheduler on a {@link PlacedSlot}, whose {@code tryAdd} asks this placement for the node.
 *
 * <p>Contract:
 *
 * <ul>
 *   <li>{@link #nodeFor} is deterministic: the same slot history gives the same node; ties go to
 *       the lower node index; no decision iterates a hash map.
 *   <li>It only reads {@link PlacementView}; it never places anything itself. A node it returns may
 *       still refuse the task (it does not fit, or the job is at its cap): the slot's capacity and
 *       cap checks stay in {@link ClusterSlot}, so no placement can over-commit a node.
 *   <li>It may keep state across slots (e.g. what it measured); {@link #startSlot} is called at
 *       every slot's start, before any task is added, and {@link #endSlot} once the scheduler is
 *       done.
 *   <li>A fresh instance per run, like a scheduler.
 * </ul>
 */
public interface Placement {
  /** What {@link #nodeFor} returns when the task should not be placed anywhere. */
  int NOWHERE = -1;

  /** Short name, e.g. {@code fewest-nodes}: lower-case letters, digits and '-'. */
  String name();

  /** The slot starts: its jobs and their progress, before any task is added. */
  default void startSlot(ObservedSlot slot) {}

  /** The node for one more {@code task} of {@code job}, or {@link #NOWHERE}. */
  int nodeFor(JobView job, Task task, PlacementView view);

  /** The scheduler is done with {@code slot}; {@code view} is where every task of the slot went. */
  default void endSlot(ObservedSlot slot, PlacementView view) {}
}
