package dl2.learning.policy;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;

/**
 * Turns any {@link Policy} into a {@link Scheduler} (dl2-spec §5.2, inference mode): the
 * start-of-slot bundle, then the decision loop with greedy or sampled decoding and no exploration.
 */
public final class PolicyScheduler implements Scheduler {
  private final String name;
  private final SlotDecisions decisions;
  private final Decoding decoding;
  private final boolean startOfSlotBundle;
  private final Rng rng;
  private final Observer observer;
  private final MeasuredSpeeds speeds;

  public PolicyScheduler(String name, Observer observer, Policy policy, Decoding decoding, boolean startOfSlotBundle, long seed) {
    this(name, observer, policy, decoding, startOfSlotBundle, seed, SpeedMemory.EMPTY);
  }

  /** As above; the observed encoding's speeds start every run from {@code memory}. */
  public PolicyScheduler(String name, Observer observer, Policy policy, Decoding decoding, boolean startOfSlotBundle, long seed,
      SpeedMemory memory) {
    this.speeds = new MeasuredSpeeds(memory);
    this.name = name;
    this.observer = observer;
    this.decisions = new SlotDecisions(observer, policy);
    this.decoding = decoding;
    this.startOfSlotBundle = startOfSlotBundle;
    this.rng = new Rng(seed);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public void schedule(SlotContext cluster) {
    // the observed encoding's speeds, fitted to the progress measured since the run began (never a speed model)
    observer.startSlot(speeds, cluster);
    SlotContext slot = observer.place(cluster); // the placed encoding's record of where tasks go
    if (startOfSlotBundle) {
      StartOfSlotBundle.apply(slot);
    }
    decisions.run(slot, decoding, rng);
    observer.endSlot(speeds, slot);
  }
}
