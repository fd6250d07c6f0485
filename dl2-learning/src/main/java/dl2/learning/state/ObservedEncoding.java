package dl2.learning.state;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.ObservedSpeeds;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;

/**
 * The observed encoding (Project): what a cluster observes of each job ({@link ObservedFeatures}),
 * with speeds fitted to the progress measured since the run began. Through a slot it remembers
 * those speeds: {@link #startSlot} fits them to what the slot's start measured, {@link #endSlot}
 * remembers the slot's allocations for the next measurements.
 */
class ObservedEncoding extends Encoding {
  private ObservedSpeeds speeds;

  ObservedEncoding(int window, int taskCap, double maxEpochs, boolean scaled) {
    super(window, taskCap, maxEpochs, scaled);
  }

  @Override
  public StateEncoding name() {
    return StateEncoding.OBSERVED;
  }

  @Override
  public int featuresPerColumn() {
    return ObservedFeatures.COUNT;
  }

  @Override
  void startSlot(MeasuredSpeeds measured, ObservedSlot slot) {
    speeds = measured.atSlotStart(slot);
  }

  @Override
  void endSlot(MeasuredSpeeds measured, ObservedSlot slot) {
    measured.decided(slot);
  }

  /** The slot's fitted speeds (null before the first slot). */
  final ObservedSpeeds speeds() {
    return speeds;
  }

  @Override
  void encodeColumn(JobView job, int column, int slot, double[] out) {
    if (speeds == null) {
      throw new IllegalStateException(
          "the observed encoding needs the speeds fitted to the cluster's measurements");
    }
    ObservedFeatures.encode(believed(job), slot, speeds, taskCap(), out, 1, 0);
  }

  /** Only the allocation's features: the rest stays put through a slot's decisions. */
  @Override
  void reencodeAllocation(JobView job, int column, int slot, double[] out) {
    if (speeds == null) {
      encodeColumn(job, column, slot, out);
    } else {
      ObservedFeatures.encodeAllocation(believed(job), speeds, taskCap(), out, 1, 0);
    }
  }
}
