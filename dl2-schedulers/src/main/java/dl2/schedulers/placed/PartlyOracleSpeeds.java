package dl2.schedulers.placed;

import dl2.schedulers.OptimusFitted;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacementProbe;
import dl2.slot.PlacementView;
import dl2.slot.SlotContext;

/**
 * A diagnostic oracle (docs/heuristics/observed-greedy.md): the measured world with some of its
 * answers replaced by the simulator's placed dry runs, to see which part of the measurement costs
 * the observation-only greedy most against its oracle. Jobs whose own curve is not known yet and
 * jobs whose curve is known each take their speeds from the dry runs or from the measurements, and
 * profiling is on or off. Only the simulator answers, so it runs nowhere else; it is never a
 * baseline.
 *
 * @param measured the measured world it asks otherwise
 * @param profiles whether jobs are profiled as the measured world says (else never)
 * @param unknownFromOracle a job the measured world does not know is judged by the dry runs, and
 *     counts as known
 * @param knownFromOracle a job the measured world knows is judged by the dry runs
 */
public record PartlyOracleSpeeds(
    MeasuredWorld measured, boolean profiles, boolean unknownFromOracle, boolean knownFromOracle)
    implements PlacedSpeeds {
  @Override
  public void startSlot(ObservedSlot slot) {
    measured.startSlot(slot);
  }

  @Override
  public void endSlot(ObservedSlot slot, PlacementView view) {
    measured.endSlot(slot, view);
  }

  @Override
  public boolean knows(JobView job) {
    return unknownFromOracle || measured.knows(job);
  }

  @Override
  public OptimusFitted.Config nextProfile(JobView job) {
    return profiles ? measured.nextProfile(job) : null;
  }

  @Override
  public double epochsPerSlot(SlotContext slot, JobView job, PlacementProbe probe) {
    boolean oracle = measured.knows(job) ? knownFromOracle : unknownFromOracle;
    return oracle
        ? slot.dryRunPlacedEpochsPerSlot(job, probe)
        : measured.epochsPerSlot(slot, job, probe);
  }
}
