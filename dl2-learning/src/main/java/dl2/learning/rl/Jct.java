package dl2.learning.rl;

/**
 * The jct objective's knobs: on-policy training with the JCT-aligned reward, after Decima (Mao et
 * al., SIGCOMM'19): K sampled rollouts of the same trace window per iteration, the input-dependent
 * baseline, no discount, PPO's clipped update, and a curriculum that lengthens the episodes. The
 * knobs no recipe sets are declared here once, as constants.
 *
 * @param learningRate Adam's step
 * @param entropy the entropy bonus β
 * @param rollouts K, rollouts of the same trace per iteration, whose mean return is the baseline
 * @param horizon the first iterations' episode length in slots
 * @param horizonGrowth slots added to the episode length per iteration (the curriculum)
 * @param clip PPO's ε: how far an update may move an action's probability from the rollout's
 * @param epochs passes over an iteration's samples
 * @param minibatch samples per Adam step
 * @param samples decisions an iteration learns from, drawn without replacement from its rollouts'
 *     (all if fewer): a slot's decisions share its advantage, so a sample of them carries nearly
 *     all of the signal
 */
public record Jct(
    double learningRate,
    double entropy,
    int rollouts,
    int horizon,
    int horizonGrowth,
    double clip,
    int epochs,
    int minibatch,
    int samples)
    implements Objective {
  public static final String NAME = "jct";

  /**
   * The reward's name as policy files and summaries record it: minus the jobs outstanding each
   * slot.
   */
  public static final String REWARD = "jct-outstanding";

  public static final int ROLLOUTS = 8;

  /** Whole traces on the paper presets. */
  public static final int HORIZON = 1000;

  public static final int HORIZON_GROWTH = 0;
  public static final double CLIP = 0.2;
  public static final int EPOCHS = 2;
  public static final int MINIBATCH = 1024;
  public static final int SAMPLES = 16384;

  /** Each check names the knob it refuses. */
  public Jct {
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learningRate must be a positive number: " + learningRate);
    }
    if (!(entropy >= 0) || Double.isInfinite(entropy)) {
      throw new IllegalArgumentException("entropy must be a number ≥ 0: " + entropy);
    }
    if (rollouts < 2) {
      throw new IllegalArgumentException(
          "rollouts must be at least 2 (their mean is the baseline): " + rollouts);
    }
    if (horizon < 1) {
      throw new IllegalArgumentException("horizon must be at least 1: " + horizon);
    }
    if (horizonGrowth < 0) {
      throw new IllegalArgumentException("horizonGrowth must be at least 0: " + horizonGrowth);
    }
    if (!(clip > 0 && clip < 1)) {
      throw new IllegalArgumentException("clip must be in (0, 1): " + clip);
    }
    if (epochs < 1) {
      throw new IllegalArgumentException("epochs must be at least 1: " + epochs);
    }
    if (minibatch < 1) {
      throw new IllegalArgumentException("minibatch must be at least 1: " + minibatch);
    }
    if (samples < 1) {
      throw new IllegalArgumentException("samples must be at least 1: " + samples);
    }
  }

  /** The recipe's learning rate and entropy, and the constants above for the rest. */
  public static Jct of(TrainingRecipe recipe) {
    return new Jct(
        recipe.learningRate(),
        recipe.entropy(),
        ROLLOUTS,
        HORIZON,
        HORIZON_GROWTH,
        CLIP,
        EPOCHS,
        MINIBATCH,
        SAMPLES);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String rewardName() {
    return REWARD;
  }

  @Override
  public boolean usesOracle() {
    return false;
  }

  /** The episode length of iteration {@code i} (from 1). */
  public int horizon(int i) {
    long length = horizon + (long) horizonGrowth * (i - 1);
    return (int) Math.min(Integer.MAX_VALUE, length);
  }
}
