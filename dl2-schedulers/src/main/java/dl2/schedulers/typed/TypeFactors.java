package dl2.schedulers.typed;

import dl2.model.JobType;
import dl2.slot.ObservedSlot;

/**
 * What a heterogeneity-aware rule believes of how fast each job type trains on each GPU type of the
 * cluster, as a factor of the pace a dry run answers (dl2's curve; Project: heterogeneous
 * clusters). GPU types are indices of the slot's {@link GpuTypeNodes}.
 */
public interface TypeFactors {
  /**
   * The slot starts, before any task is added: the measured version learns last slot's progress,
   * against the dry runs of a {@link dl2.slot.SlotContext} (what every scheduler, and so every
   * placement, runs on).
   */
  void startSlot(ObservedSlot slot, GpuTypeNodes nodes);

  /** The believed factor of {@code jobType} on GPU type {@code gpuType}, in (0, 1]. */
  double factor(JobType jobType, int gpuType);

  /**
   * The slot's tasks are placed: {@code typeOf(job)} is the GPU type its workers run on (-1 without
   * workers). The measured version remembers it to credit next slot's progress to that type.
   */
  default void endSlot(ObservedSlot slot, JobTypes typeOf) {}

  /** The GPU type each job of the slot runs on. */
  @FunctionalInterface
  interface JobTypes {
    /** The GPU type of {@code jobId}'s workers, or -1 if it has none. */
    int of(int jobId);
  }
}
