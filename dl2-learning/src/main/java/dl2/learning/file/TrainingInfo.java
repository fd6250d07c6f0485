package dl2.learning.file;

import com.fasterxml.jackson.annotation.JsonInclude;
import dl2.slot.SchedulerName;

/**
 * Where a policy came from: training phase ({@code sl}, {@code rl} or {@code online-rl}), the step
 * it was saved at, the preset and teacher it was trained with, the base seed, how many validation
 * traces ({@code val-0 …} of that preset and seed) selected it (so that a report can measure other
 * schedulers on the very traces of the policy's learning curve), the reward it was trained on, and
 * the placement that put its tasks on nodes while it trained ({@code train --placement}). {@code
 * validationTraces} and {@code reward} are null in files written before they were recorded; {@code
 * reward} is null for warm-up files; {@code placement} is null for least-loaded, the default, so
 * that such files are byte for byte those of earlier builds. A reward whose name starts with {@code
 * oracle-} used the simulator's true speeds, which no live cluster has; every output that shows
 * such a policy says so.
 */
public record TrainingInfo(
    String phase,
    long step,
    String preset,
    String teacher,
    long seed,
    Integer validationTraces,
    String reward,
    @JsonInclude(JsonInclude.Include.NON_NULL) String placement) {
  /** The default placement is recorded as none, as every file before placements were recorded. */
  public TrainingInfo {
    placement = placement == null || SchedulerName.isDefault(placement) ? null : placement;
  }

  /** Without a validation-trace count, a reward or a placement. */
  public TrainingInfo(String phase, long step, String preset, String teacher, long seed) {
    this(phase, step, preset, teacher, seed, null, null, null);
  }

  /** Without a reward or a placement (supervised warm-up). */
  public TrainingInfo(
      String phase, long step, String preset, String teacher, long seed, Integer validationTraces) {
    this(phase, step, preset, teacher, seed, validationTraces, null, null);
  }

  /** Trained with the default placement. */
  public TrainingInfo(
      String phase,
      long step,
      String preset,
      String teacher,
      long seed,
      Integer validationTraces,
      String reward) {
    this(phase, step, preset, teacher, seed, validationTraces, reward, null);
  }

  /** The placement its tasks went by in training: least-loaded unless recorded. */
  public String trainedPlacement() {
    return placement == null ? SchedulerName.DEFAULT_PLACEMENT : placement;
  }

  /** Whether the policy was trained with the simulator's speed oracle. */
  public boolean usesOracle() {
    return reward != null && reward.startsWith("oracle-");
  }

  /**
   * How the policy learnt, for labels: e.g. "observation-only (observed-marginals)" or
   * "ORACLE-TRAINED (oracle-marginals)", then where its tasks went if not least-loaded.
   */
  public String provenance() {
    String placed = placement == null ? "" : ", tasks placed by " + placement;
    if (reward == null) {
      return (phase.equals("sl") ? "supervised warm-up from " + teacher : "reward not recorded")
          + placed;
    }
    return (usesOracle() ? "ORACLE-TRAINED: the simulator's true speeds" : "observation-only")
        + " ("
        + reward
        + ")"
        + placed;
  }
}
