package dl2.learning.policy;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;

/**
 * DL2's slot step (dl2-spec §5.2, §7.3–7.4) as a {@link Scheduler}, the one place a DL2 slot is
 * played: the encoding's memory starts (the observed encodings fit their speeds to what the slot's
 * start measured, never to a speed model), the starvation guard's start-of-slot bundle, the
 * decisions, and the memory ends. Inference, validation, training, online fine-tuning and the
 * warm-up's teacher all play it; they differ in how an action is chosen ({@link ActionChooser}:
 * greedy or sampled decoding, or exploration) and who hears of it ({@link DecisionListener}), or,
 * for a teacher, in who decides ({@link Decider}). An encoding whose actions name nodes plays the
 * step on a slot that records where tasks go ({@link Observer#placed}), and then places its own
 * tasks.
 */
public final class PolicyScheduler implements Scheduler {
  /** Who makes a slot's decisions once the step has begun it (speeds fitted, the bundle given). */
  @FunctionalInterface
  public interface Decider {
    void decide(SlotContext slot);
  }

  private final String name;
  private final Observer observer;
  private final Decider decider;
  private final boolean startOfSlotBundle;
  private final MeasuredSpeeds speeds;
  private final Scheduler route;

  /**
   * The policy's decisions on the fast path ({@link SlotDecisions}), each action picked by {@code
   * chooser} and each kept decision told to {@code listener}; {@code speeds} are what the run has
   * measured so far (the observed encodings start every run from their memory).
   */
  public PolicyScheduler(
      String name,
      Observer observer,
      Policy policy,
      ActionChooser chooser,
      DecisionListener listener,
      boolean startOfSlotBundle,
      MeasuredSpeeds speeds) {
    this(
        name,
        observer,
        decisions(new SlotDecisions(observer, policy), chooser, listener),
        startOfSlotBundle,
        speeds);
  }

  /**
   * Any {@code decider} in DL2's slot: a teacher recorded for the warm-up, or the plain reference
   * loop.
   */
  public PolicyScheduler(
      String name,
      Observer observer,
      Decider decider,
      boolean startOfSlotBundle,
      MeasuredSpeeds speeds) {
    this.name = name;
    this.observer = observer;
    this.decider = decider;
    this.startOfSlotBundle = startOfSlotBundle;
    this.speeds = speeds;
    this.route =
        observer.placed(
            new Scheduler() {
              @Override
              public String name() {
                return name;
              }

              @Override
              public void schedule(SlotContext slot) {
                step(slot);
              }
            });
  }

  private static Decider decisions(
      SlotDecisions decisions, ActionChooser chooser, DecisionListener listener) {
    return slot -> decisions.run(slot, chooser, listener);
  }

  @Override
  public String name() {
    return name;
  }

  /** True for an encoding whose actions name the node of every task (the placed encoding). */
  @Override
  public boolean placesItsOwnTasks() {
    return observer.encoding().placesItsOwnTasks();
  }

  @Override
  public void schedule(SlotContext slot) {
    route.schedule(slot);
  }

  private void step(SlotContext slot) {
    observer.startSlot(speeds, slot);
    if (startOfSlotBundle) {
      StartOfSlotBundle.apply(slot);
    }
    decider.decide(slot);
    if (!startOfSlotBundle) {
      LastResortBundle.apply(slot);
    }
    observer.endSlot(speeds, slot);
  }
}
