package dl2.simulation;

import dl2.model.Task;
import java.util.List;

/**
 * What a scheduler may see and do in one slot. Placement rules live behind {@link #tryAdd}: the
 * request goes whole to the least-loaded node and fails, without trying another node, if it does
 * not fit there (dl2-spec §2.3).
 */
public interface SlotContext {
  /** The current slot number ts, from 0. */
  int slot();

  /** C: no job may hold more than this many workers, nor this many parameter servers. */
  int taskCap();

  /** Outstanding jobs (admitted, not completed), ascending id. */
  List<JobView> jobs();

  ClusterView cluster();

  /**
   * Places {@code task} for {@code job} on the least-loaded node. Returns false, changing
   * nothing, if it does not fit there or would exceed the task cap.
   */
  boolean tryAdd(JobView job, Task task);

  /** Places {@code task} for {@code job} on the given node (Tetris); false if it does not fit. */
  boolean tryAddOn(int node, JobView job, Task task);

  /**
   * Epochs a full slot would achieve with the given counts, without completing the job (the
   * "dry run" of dl2-spec §3.3). Counts may reach the cap + 1. A live cluster answers from its
   * speed estimates.
   */
  double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers);
}
