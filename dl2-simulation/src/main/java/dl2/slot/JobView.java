package dl2.slot;

import dl2.model.JobType;
import dl2.model.Task;

/** Read-only view of an outstanding job during one slot's scheduling (dl2-spec §2.2). */
public interface JobView {
  int id();

  JobType type();

  int arrivalSlot();

  /**
   * E: the estimated epochs that state, reward and schedulers use; never the true length E*, and
   * not to be read when {@link #lengthKnown()} is false ({@code --lengths unknown}).
   */
  double epochs();

  /** Whether the job has an estimate E to read: false under {@code --lengths unknown}. */
  default boolean lengthKnown() {
    return true;
  }

  /** P: epochs done before this slot; constant while the slot is scheduled. */
  double progress();

  /** ρ = 1 − P/E, the remaining fraction (dl2-spec §6). */
  default double remainingFraction() {
    return 1 - progress() / epochs();
  }

  /** Workers allocated so far in this slot. */
  int workers();

  /** Parameter servers allocated so far in this slot. */
  int parameterServers();

  /** The most workers this job may hold: the cluster's cap C, or the job's own cap when lower. */
  int maxWorkers();

  /** The most parameter servers this job may hold: C, or the job's own cap when lower. */
  int maxParameterServers();

  /**
   * Whether adding {@code task} keeps the job within its caps. Schedulers ask this before {@link
   * SlotContext#tryAdd}, so that a refused add always means the task does not fit.
   */
  default boolean canTake(Task task) {
    return workers() + task.workers() <= maxWorkers()
        && parameterServers() + task.parameterServers() <= maxParameterServers();
  }

  /** dom: the job's dominant share of the whole cluster with its current allocation (§2.1). */
  double dominantShare();

  /** Slots the job has received at least one task in, before this slot. */
  int slotsRun();
}
