package dl2.learning.rl;

import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.env.RewardName;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.workload.Preset;

/**
 * Every knob of DL2's reinforcement-learning phase (dl2-spec §7, §9.1), with the defaults used
 * by {@code dl2 train}. Ablation switches: {@code baseline} (no critic), {@code replay} size 256
 * (no replay), {@code exploration} NONE, warm start off (no supervised warm-up), {@code reward}
 * PER_JOB.
 *
 * @param preset workload and cluster every agent trains on
 * @param seed base seed of traces, initial weights, sampling and exploration
 * @param agents K agents, each with its own simulator, training traces and replay
 * @param steps learner steps (one per round of agent slots once replays are full)
 * @param learningRate Adam learning rate of both networks (paper: 1e-4)
 * @param batchSize total batch per step, split evenly across agents (256)
 * @param replayCapacity per-agent replay size (8192)
 * @param replay plain (Paper) or prioritised (Original RL)
 * @param exploration job-aware exploration rules: ORIGINAL, PAPER or NONE
 * @param update returns, discount, baseline, entropy weight and gradient form
 * @param reward slot reward (default), per-job or uncompleted-jobs
 * @param annealEntropy β = max(20/(1 + e^{step/500}), 0.1) instead of a constant β
 * @param synchronous average the agents' gradients each step (deterministic); else apply them on arrival
 * @param trainingTraces traces per agent (100)
 * @param validateEvery validate (and checkpoint) every this many steps, and after the last
 * @param validationTraces fixed validation traces (10)
 * @param threads threads for agents and validation (results do not depend on it in synchronous mode)
 * @param marginalValue the unit of the marginal rewards (what a task adds, per E or per remaining time)
 * @param extraTraces traces trained and validated on besides the generated ones (none by default)
 */
public record RlConfig(Preset preset, long seed, int agents, int steps, double learningRate, int batchSize,
    int replayCapacity, ReplayKind replay, ExplorationMode exploration, UpdateSettings update, RewardMode reward,
    boolean annealEntropy, boolean synchronous, int trainingTraces, int validateEvery, int validationTraces, int threads,
    MarginalValue marginalValue, ExtraTraces extraTraces) {

  /** Replay flavours (dl2-spec §7.9). */
  public enum ReplayKind { PLAIN, PRIORITISED }

  public RlConfig {
    marginalValue = marginalValue == null ? MarginalValue.WORK : marginalValue;
    extraTraces = extraTraces == null ? ExtraTraces.NONE : extraTraces;
    if (agents < 1 || steps < 1 || batchSize < agents || replayCapacity < batchSize / agents || trainingTraces < 1
        || validateEvery < 1 || validationTraces < 1 || threads < 1 || !(learningRate > 0)) {
      throw new IllegalArgumentException("invalid reinforcement-learning settings: " + this);
    }
    if (reward.perDecision() && update.returns() != ReturnMode.IMMEDIATE) {
      // a marginal reward is one decision's share of its own slot; bootstrapping would mix in other slots' values
      throw new IllegalArgumentException("the marginal rewards need immediate returns");
    }
  }

  /** Marginal rewards per E (the paper's reward unit). */
  public RlConfig(Preset preset, long seed, int agents, int steps, double learningRate, int batchSize, int replayCapacity,
      ReplayKind replay, ExplorationMode exploration, UpdateSettings update, RewardMode reward, boolean annealEntropy,
      boolean synchronous, int trainingTraces, int validateEvery, int validationTraces, int threads) {
    this(preset, seed, agents, steps, learningRate, batchSize, replayCapacity, replay, exploration, update, reward,
        annealEntropy, synchronous, trainingTraces, validateEvery, validationTraces, threads, MarginalValue.WORK,
        ExtraTraces.NONE);
  }

  /** These settings with marginal rewards valued in {@code value}. */
  public RlConfig(Preset preset, long seed, int agents, int steps, double learningRate, int batchSize, int replayCapacity,
      ReplayKind replay, ExplorationMode exploration, UpdateSettings update, RewardMode reward, boolean annealEntropy,
      boolean synchronous, int trainingTraces, int validateEvery, int validationTraces, int threads, MarginalValue value) {
    this(preset, seed, agents, steps, learningRate, batchSize, replayCapacity, replay, exploration, update, reward,
        annealEntropy, synchronous, trainingTraces, validateEvery, validationTraces, threads, value, ExtraTraces.NONE);
  }

  /** These settings, also training and validating on {@code extra}. */
  public RlConfig withExtraTraces(ExtraTraces extra) {
    return new RlConfig(preset, seed, agents, steps, learningRate, batchSize, replayCapacity, replay, exploration, update,
        reward, annealEntropy, synchronous, trainingTraces, validateEvery, validationTraces, threads, marginalValue, extra);
  }

  /** These settings with marginal rewards valued in {@code value}. */
  public RlConfig withMarginalValue(MarginalValue value) {
    return new RlConfig(preset, seed, agents, steps, learningRate, batchSize, replayCapacity, replay, exploration, update,
        reward, annealEntropy, synchronous, trainingTraces, validateEvery, validationTraces, threads, value, extraTraces);
  }

  /** The reward's name as policy files and summaries record it, e.g. {@code observed-marginals} or {@code observed-marginals/time}. */
  public String rewardName() {
    return new RewardName(reward, marginalValue).toString();
  }

  /** Per-agent batch: the total batch split evenly (256/K). */
  public int agentBatchSize() {
    return batchSize / agents;
  }

  public static RlConfig defaults(Preset preset, int steps, long seed) {
    UpdateSettings update = new UpdateSettings(ReturnMode.IMMEDIATE, 0.9, Baseline.CRITIC, 0.1, GradientForm.RECOMPUTED);
    return new RlConfig(preset, seed, 1, steps, 1e-4, 256, 8192, ReplayKind.PRIORITISED, ExplorationMode.ORIGINAL, update,
        RewardMode.SLOT, false, true, 100, Math.max(1, Math.min(200, steps / 10)), 10, 1);
  }
}
