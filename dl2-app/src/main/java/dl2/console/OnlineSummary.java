package dl2.console;

import dl2.learning.rl.OnlineTuner;
import java.nio.file.Path;

/**
 * The line a run with --online-rl ends with: who scheduled how many slots, the guard's fallbacks,
 * the learner's steps.
 */
public final class OnlineSummary {
  private OnlineSummary() {}

  public static String of(OnlineTuner tuner, Path checkpoint) {
    int slots = tuner.policySlots() + tuner.teacherSlots();
    return "online fine-tuning: the policy scheduled "
        + tuner.policySlots()
        + " of "
        + slots
        + " slots, the teacher "
        + tuner.teacherSlots()
        + " (its level's measurement and "
        + tuner.fallbacks()
        + " fallback"
        + (tuner.fallbacks() == 1 ? "" : "s")
        + "); "
        + tuner.steps()
        + " learner steps; policy written to "
        + checkpoint;
  }
}
