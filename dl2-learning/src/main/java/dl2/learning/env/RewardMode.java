package dl2.learning.env;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a decision is rewarded with (dl2-spec §7.5, the paper's ablation, and the Project's marginal
 * rewards).
 */
public enum RewardMode {
  /** Σ Δ_j/E_j over the jobs that ran in the slot, for every decision of the slot (default). */
  SLOT("slot"),
  /**
   * An action's own job's Δ/E; a stop gets the slot reward divided by the number of jobs that ran.
   */
  PER_JOB("per-job"),
  /** Minus the number of jobs not yet completed at the slot's end (fewer is better). */
  UNCOMPLETED("uncompleted"),
  /**
   * Project: a decision's marginal reward ({@link MarginalReward}), what its task adds to its job's
   * speed, with speeds fitted to the cluster's measurements ({@code ObservedSpeeds}); a stop earns
   * 0.
   */
  OBSERVED_MARGINAL("observed-marginal"),
  /**
   * Project: the observed marginal reward of every action in the decision's state, and the
   * all-actions policy gradient Σ_a ∇q(a)·M(a) instead of the sampled action's.
   */
  OBSERVED_MARGINALS("observed-marginals"),
  /**
   * Project: as {@link #OBSERVED_MARGINALS}, each action valued where its node kind puts the task,
   * by speeds fitted to measured progress with locality and interference ({@link PlacedMarginals});
   * the placed encoding only.
   */
  OBSERVED_PLACED_MARGINALS("observed-placed-marginals"),
  /**
   * As {@link #OBSERVED_MARGINAL}, with the simulator's true speeds: an oracle no live cluster has.
   */
  ORACLE_MARGINAL("oracle-marginal"),
  /**
   * As {@link #OBSERVED_MARGINALS}, with the simulator's true speeds: an oracle no live cluster
   * has.
   */
  ORACLE_MARGINALS("oracle-marginals");

  private final String cliName;

  RewardMode(String cliName) {
    this.cliName = cliName;
  }

  /** The name on the command line and in policy files, e.g. {@code observed-marginals}. */
  public String cliName() {
    return cliName;
  }

  public static Optional<RewardMode> byName(String name) {
    return Arrays.stream(values()).filter(m -> m.cliName.equals(name)).findFirst();
  }

  /** Every name, comma-separated, for messages. */
  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(RewardMode::cliName).toList());
  }

  /** Whether each decision earns its own immediate reward, which rules out discounted returns. */
  public boolean perDecision() {
    return this == OBSERVED_MARGINAL
        || this == OBSERVED_MARGINALS
        || this == OBSERVED_PLACED_MARGINALS
        || this == ORACLE_MARGINAL
        || this == ORACLE_MARGINALS;
  }

  /** Whether every action of a state is rewarded (the all-actions gradient). */
  public boolean allActions() {
    return this == OBSERVED_MARGINALS
        || this == OBSERVED_PLACED_MARGINALS
        || this == ORACLE_MARGINALS;
  }

  /** Whether the reward values where an action puts its task, which only placed actions name. */
  public boolean creditsPlacement() {
    return this == OBSERVED_PLACED_MARGINALS;
  }

  /** Whether the reward uses the simulator's speed model, which a live cluster cannot know. */
  public boolean usesOracle() {
    return this == ORACLE_MARGINAL || this == ORACLE_MARGINALS;
  }

  /**
   * The same reward with speeds fitted to the measurements: an oracle's observed twin, any other
   * mode itself.
   */
  public RewardMode observedTwin() {
    return switch (this) {
      case ORACLE_MARGINAL -> OBSERVED_MARGINAL;
      case ORACLE_MARGINALS -> OBSERVED_MARGINALS;
      default -> this;
    };
  }
}
