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

  /**
   * Outstanding jobs in {@link JobOrder#BY_ARRIVAL} order, for walks that stop early (FIFO, DRF).
   * The default sorts {@link #jobs()}; the simulator keeps this order as jobs arrive and complete,
   * so reading its first k jobs costs O(k).
   */
  default Iterable<JobView> jobsByArrival() {
    return jobs().stream().sorted(JobOrder.BY_ARRIVAL).toList();
  }

  /**
   * Outstanding jobs in {@link JobOrder#BY_REMAINING_FRACTION} order (SRTF). Progress, hence ρ,
   * is fixed while a slot is scheduled, so the order holds for the whole slot. The default sorts
   * {@link #jobs()}; the simulator re-files only the jobs that progressed in the last slot.
   */
  default Iterable<JobView> jobsByRemainingFraction() {
    return jobs().stream().sorted(JobOrder.BY_REMAINING_FRACTION).toList();
  }

  /**
   * Outstanding jobs holding at least one task in this slot so far, ascending id (at the start of
   * a slot, none in the simulator). The default filters {@link #jobs()}; the simulator keeps them
   * as tasks are placed, so the answer costs O(k log k) in their number k.
   */
  default List<JobView> jobsWithTasks() {
    return jobs().stream().filter(j -> j.workers() > 0 || j.parameterServers() > 0).toList();
  }

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
