package dl2.slot;

import dl2.model.Task;
import java.util.List;
import java.util.Optional;

/**
 * What a scheduler that learns from observations may see and do in one slot: the outstanding jobs
 * as a cluster reports them, the cluster's allocation, and task placement. It offers no speed of
 * any configuration, because a live cluster only knows the speeds it measured; DL2's learning code
 * works through this type (the architecture test keeps it so). Placement rules live behind {@link
 * #tryAdd}: by default the request goes whole to the least-loaded node and fails, without trying
 * another node, if it does not fit there (dl2-spec §2.3); a {@link Placement} may choose otherwise.
 */
public interface ObservedSlot {
  /** The current slot number ts, from 0. */
  int slot();

  /** C: no job may hold more than this many workers, nor this many parameter servers. */
  int taskCap();

  /** Outstanding jobs (admitted, not completed), ascending id. */
  List<JobView> jobs();

  ClusterView cluster();

  /**
   * Places {@code task} for {@code job} on the least-loaded node, or where the slot's {@link
   * Placement} says when a {@link PlacedScheduler} runs it. Returns false, changing nothing, if it
   * does not fit there or would exceed the task cap.
   */
  boolean tryAdd(JobView job, Task task);

  /** Places {@code task} for {@code job} on the given node (Tetris); false if it does not fit. */
  boolean tryAddOn(int node, JobView job, Task task);

  /**
   * Where this slot's tasks are so far, when the slot records it: a {@link PlacedSlot}, as a {@link
   * PlacedScheduler} hands it to its scheduler; empty for a slot that does not.
   */
  default Optional<PlacementView> placementView() {
    return Optional.empty();
  }
}
