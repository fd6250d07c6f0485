package dl2.schedulers.placed;

import dl2.schedulers.OptimusFitted;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacementProbe;
import dl2.slot.PlacementView;
import dl2.slot.SlotContext;

/**
 * A job's speed wherever its tasks are and whoever shares their nodes, as a placement-aware
 * scheduler judges it: measured online from observed progress ({@link MeasuredWorld}) or asked of
 * the simulator's world ({@link PlacedDryRuns}, the oracle).
 */
public interface PlacedSpeeds {
  /** Slot {@code slot} starts: take in what was measured since the last one. */
  void startSlot(ObservedSlot slot);

  /** The scheduler is done with {@code slot}: {@code view} is where its tasks went. */
  void endSlot(ObservedSlot slot, PlacementView view);

  /** Whether {@code job}'s own curve is known, so that its tasks can be valued. */
  boolean knows(JobView job);

  /**
   * The next configuration to profile {@code job} at before its tasks can be valued; null if none.
   */
  OptimusFitted.Config nextProfile(JobView job);

  /**
   * Epochs per full slot of {@code job} placed as {@code probe}; 0 without a worker or a PS. For a
   * job not {@link #knows known}, a relative speed whose ratios between placements still hold.
   */
  double epochsPerSlot(SlotContext slot, JobView job, PlacementProbe probe);
}
