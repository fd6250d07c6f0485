package dl2.learning.speeds;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobType;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.ProgressMeter;
import java.util.Map;
import java.util.TreeMap;

/**
 * The speeds a scheduler learns by watching one run slot by slot ({@link ProgressMeter} turns each
 * slot start into measurements, {@link ObservedSpeeds} fits them), starting from a {@link
 * SpeedMemory} of earlier measurements, as the observed state encoding needs them. The {@code dl2}
 * scheduler and the training agents use this one class, so a policy sees in training exactly what
 * it will see when it schedules.
 */
public final class MeasuredSpeeds {
  private final SpeedMemory prior;
  private final ProgressMeter tracker = new ProgressMeter();
  private ObservedSpeeds speeds;

  /** Speeds learnt from nothing at the start of every run. */
  public MeasuredSpeeds() {
    this(SpeedMemory.EMPTY);
  }

  /**
   * Speeds that start every run from {@code prior}, what earlier measurements taught (e.g. in
   * training).
   */
  public MeasuredSpeeds(SpeedMemory prior) {
    this.prior = prior;
    this.speeds = ObservedSpeeds.from(prior);
  }

  /**
   * Learns from the measurements this slot's start reveals; returns the speeds to encode the slot
   * with.
   */
  public ObservedSpeeds atSlotStart(ObservedSlot slot) {
    if (tracker.startsNewRun(slot)) {
      speeds = ObservedSpeeds.from(prior);
    }
    Map<Integer, JobType> types = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      types.put(job.id(), job.type());
    }
    for (JobProgress measurement : tracker.measurements(slot)) {
      speeds.measured(types.get(measurement.jobId()), measurement);
    }
    return speeds;
  }

  /** Remembers the slot's allocations; call once its decisions are made. */
  public void decided(ObservedSlot slot) {
    tracker.remember(slot.jobs(), slot.slot());
  }

  public void writeState(StateWriter out) {
    tracker.writeState(out);
    speeds.writeState(out);
  }

  public void readState(StateReader in) {
    tracker.readState(in);
    speeds.readState(in);
  }
}
