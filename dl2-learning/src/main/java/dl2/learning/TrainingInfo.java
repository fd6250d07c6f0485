package dl2.learning;

/**
 * Where a policy came from: training phase ({@code sl} or {@code rl}), the step it was saved at,
 * the preset and teacher it was trained with, the base seed, and how many validation traces
 * ({@code val-0 …} of that preset and seed) selected it, so that a report can measure other
 * schedulers on the very traces of the policy's learning curve. {@code validationTraces} is null
 * in files written before it was recorded, and for policies not selected by validation.
 */
public record TrainingInfo(String phase, long step, String preset, String teacher, long seed, Integer validationTraces) {
  /** Without a validation-trace count. */
  public TrainingInfo(String phase, long step, String preset, String teacher, long seed) {
    this(phase, step, preset, teacher, seed, null);
  }
}
