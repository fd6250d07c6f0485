package dl2.schedulers.placed;

import dl2.schedulers.OptimusFitted;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacementProbe;
import dl2.slot.PlacementView;
import dl2.slot.SlotContext;

/**
 * The oracle's {@link PlacedSpeeds}: every speed is the simulator's own answer, its world's model
 * of placement and co-location without fluctuation ({@link SlotContext#dryRunPlacedEpochsPerSlot});
 * nothing is measured or profiled. Only the simulator answers, so a scheduler built on it runs
 * nowhere else.
 */
public final class PlacedDryRuns implements PlacedSpeeds {
  @Override
  public void startSlot(ObservedSlot slot) {}

  @Override
  public void endSlot(ObservedSlot slot, PlacementView view) {}

  @Override
  public boolean knows(JobView job) {
    return true;
  }

  @Override
  public OptimusFitted.Config nextProfile(JobView job) {
    return null;
  }

  @Override
  public double epochsPerSlot(SlotContext slot, JobView job, PlacementProbe probe) {
    return slot.dryRunPlacedEpochsPerSlot(job, probe);
  }
}
