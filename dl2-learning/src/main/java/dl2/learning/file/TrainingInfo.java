package dl2.learning.file;

/**
 * Where a policy came from: training phase ({@code sl}, {@code rl} or {@code online-rl}), the step
 * it was saved at, the preset and teacher it was trained with, the base seed, how many validation
 * traces ({@code val-0 …} of that preset and seed) selected it (so that a report can measure other
 * schedulers on the very traces of the policy's learning curve), and the reward it was trained on.
 * {@code validationTraces} and {@code reward} are null in files written before they were recorded;
 * {@code reward} is null for warm-up files. A reward whose name starts with {@code oracle-} used
 * the simulator's true speeds, which no live cluster has; every output that shows such a policy
 * says so.
 */
public record TrainingInfo(String phase, long step, String preset, String teacher, long seed, Integer validationTraces,
    String reward) {
  /** Without a validation-trace count or a reward. */
  public TrainingInfo(String phase, long step, String preset, String teacher, long seed) {
    this(phase, step, preset, teacher, seed, null, null);
  }

  /** Without a reward (supervised warm-up). */
  public TrainingInfo(String phase, long step, String preset, String teacher, long seed, Integer validationTraces) {
    this(phase, step, preset, teacher, seed, validationTraces, null);
  }

  /** Whether the policy was trained with the simulator's speed oracle. */
  public boolean usesOracle() {
    return reward != null && reward.startsWith("oracle-");
  }

  /** How the policy learnt, for labels: e.g. "observation-only (observed-marginals)" or "ORACLE-TRAINED (oracle-marginals)". */
  public String provenance() {
    if (reward == null) {
      return phase.equals("sl") ? "supervised warm-up from " + teacher : "reward not recorded";
    }
    return (usesOracle() ? "ORACLE-TRAINED: the simulator's true speeds" : "observation-only") + " (" + reward + ")";
  }
}
