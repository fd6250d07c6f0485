package dl2.learning.rl;

import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.env.RewardName;
import dl2.learning.rl.explore.ExplorationMode;

/**
 * The actor-critic objective's knobs (dl2-spec §7, §9.1). Ablation switches: {@code baseline} (no
 * critic), {@code replayCapacity} 256 (no replay), {@code exploration} NONE, {@code reward}
 * PER_JOB. The knobs no recipe sets are declared here once, as constants.
 *
 * @param agents K agents, each with its own simulator, training traces and replay
 * @param learningRate Adam's step for both networks
 * @param batchSize samples per learner step, split evenly over the agents
 * @param replayCapacity replay capacity per agent
 * @param replay plain or prioritised replay
 * @param exploration the job-aware exploration rules
 * @param update returns, discount, baseline, entropy weight and gradient form
 * @param reward what decisions are rewarded with
 * @param marginalValue the unit of the marginal rewards (what a task adds, per E or per remaining
 *     time)
 * @param annealEntropy β = max(20/(1 + e^{step/500}), 0.1) instead of a constant β
 * @param synchronous average the agents' gradients each step (reproducible); else apply them on
 *     arrival
 * @param extraTraces traces trained and validated on besides the generated ones
 */
public record ActorCritic(
    int agents,
    double learningRate,
    int batchSize,
    int replayCapacity,
    ReplayKind replay,
    ExplorationMode exploration,
    UpdateSettings update,
    RewardMode reward,
    MarginalValue marginalValue,
    boolean annealEntropy,
    boolean synchronous,
    ExtraTraces extraTraces)
    implements Objective {
  public static final String NAME = "marginal";
  public static final int AGENTS = 1;
  public static final int BATCH_SIZE = 256;

  /** Per agent; 256 is the no-replay ablation. */
  public static final int REPLAY_CAPACITY = 8192;

  public static final ReplayKind REPLAY = ReplayKind.PRIORITISED;
  public static final ReturnMode RETURNS = ReturnMode.IMMEDIATE;

  /** γ of discounted returns. */
  public static final double DISCOUNT = 0.9;

  public static final Baseline BASELINE = Baseline.CRITIC;

  /** Each check names the knob it refuses. */
  public ActorCritic {
    marginalValue = marginalValue == null ? MarginalValue.WORK : marginalValue;
    extraTraces = extraTraces == null ? ExtraTraces.NONE : extraTraces;
    if (agents < 1) {
      throw new IllegalArgumentException("agents must be at least 1: " + agents);
    }
    if (batchSize < agents) {
      throw new IllegalArgumentException(
          "a batch of " + batchSize + " cannot be split over " + agents + " agents");
    }
    if (replayCapacity < batchSize / agents) {
      throw new IllegalArgumentException(
          "replayCapacity "
              + replayCapacity
              + " is smaller than an agent's batch of "
              + batchSize / agents);
    }
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learningRate must be a positive number: " + learningRate);
    }
    if (!(update.entropyWeight() >= 0) || Double.isInfinite(update.entropyWeight())) {
      throw new IllegalArgumentException(
          "the entropy weight must be a number ≥ 0: " + update.entropyWeight());
    }
    if (reward.perDecision() && update.returns() != ReturnMode.IMMEDIATE) {
      // a marginal reward is one decision's share of its own slot; bootstrapping would mix in other
      // slots' values
      throw new IllegalArgumentException("the marginal rewards need immediate returns");
    }
  }

  /**
   * The recipe's learning rate, entropy, exploration and reward, and the constants above for the
   * rest.
   */
  public static ActorCritic of(TrainingRecipe recipe) {
    return new ActorCritic(
        AGENTS,
        recipe.learningRate(),
        BATCH_SIZE,
        REPLAY_CAPACITY,
        REPLAY,
        recipe.exploration(),
        new UpdateSettings(RETURNS, DISCOUNT, BASELINE, recipe.entropy(), GradientForm.RECOMPUTED),
        recipe.reward(),
        recipe.reward().perDecision() ? recipe.marginalValue() : MarginalValue.WORK,
        false,
        true,
        ExtraTraces.NONE);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public double entropy() {
    return update.entropyWeight();
  }

  /** E.g. {@code observed-marginals} or {@code observed-marginals/time}. */
  @Override
  public String rewardName() {
    return new RewardName(reward, marginalValue).toString();
  }

  @Override
  public boolean usesOracle() {
    return reward.usesOracle();
  }

  /** Per-agent batch: the total batch split evenly (256/K). */
  public int agentBatchSize() {
    return batchSize / agents;
  }

  public ActorCritic withAgents(int count) {
    return new ActorCritic(
        count,
        learningRate,
        batchSize,
        replayCapacity,
        replay,
        exploration,
        update,
        reward,
        marginalValue,
        annealEntropy,
        synchronous,
        extraTraces);
  }

  public ActorCritic withLearningRate(double rate) {
    return new ActorCritic(
        agents,
        rate,
        batchSize,
        replayCapacity,
        replay,
        exploration,
        update,
        reward,
        marginalValue,
        annealEntropy,
        synchronous,
        extraTraces);
  }

  public ActorCritic withReplayCapacity(int capacity) {
    return new ActorCritic(
        agents,
        learningRate,
        batchSize,
        capacity,
        replay,
        exploration,
        update,
        reward,
        marginalValue,
        annealEntropy,
        synchronous,
        extraTraces);
  }

  public ActorCritic withExploration(ExplorationMode mode) {
    return new ActorCritic(
        agents,
        learningRate,
        batchSize,
        replayCapacity,
        replay,
        mode,
        update,
        reward,
        marginalValue,
        annealEntropy,
        synchronous,
        extraTraces);
  }

  public ActorCritic withBaseline(Baseline baseline) {
    UpdateSettings changed =
        new UpdateSettings(
            update.returns(),
            update.discount(),
            baseline,
            update.entropyWeight(),
            update.gradientForm());
    return new ActorCritic(
        agents,
        learningRate,
        batchSize,
        replayCapacity,
        replay,
        exploration,
        changed,
        reward,
        marginalValue,
        annealEntropy,
        synchronous,
        extraTraces);
  }

  /** With {@code mode}'s rewards in the paper's unit (work). */
  public ActorCritic withReward(RewardMode mode) {
    return new ActorCritic(
        agents,
        learningRate,
        batchSize,
        replayCapacity,
        replay,
        exploration,
        update,
        mode,
        MarginalValue.WORK,
        annealEntropy,
        synchronous,
        extraTraces);
  }
}
