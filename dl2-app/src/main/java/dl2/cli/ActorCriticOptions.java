package dl2.cli;

import dl2.io.InputException;
import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.ExtraTraces;
import dl2.learning.rl.GradientForm;
import dl2.learning.rl.ReplayKind;
import dl2.learning.rl.ReturnMode;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.rl.UpdateSettings;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.training.TrainConfig;
import picocli.CommandLine.Option;

/**
 * The actor-critic knobs of {@code dl2 train} (the marginal objective): the "Actor-critic" section.
 */
final class ActorCriticOptions {
  @Option(
      names = "--agents",
      paramLabel = "K",
      description =
          "Agents, each with its own simulator and traces (default: " + "${DEFAULT-VALUE}).")
  int agents;

  @Option(
      names = "--replay",
      paramLabel = "KIND",
      converter = EnumOption.Replays.class,
      completionCandidates = EnumOption.Replays.class,
      description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  ReplayKind replay;

  @Option(
      names = "--replay-size",
      paramLabel = "N",
      description =
          "Replay capacity per agent, at least a learner batch per "
              + "agent ("
              + ActorCritic.BATCH_SIZE
              + "/K); 256 = the no-replay ablation (default: ${DEFAULT-VALUE}).")
  int replaySize;

  @Option(
      names = "--exploration",
      paramLabel = "RULES",
      converter = EnumOption.Explorations.class,
      completionCandidates = EnumOption.Explorations.class,
      description =
          "${COMPLETION-CANDIDATES} (original-plus: B3 "
              + "also adds a worker alone at the PS cap) (default: the recipe's).")
  ExplorationMode exploration;

  @Option(
      names = "--returns",
      paramLabel = "RETURNS",
      converter = EnumOption.Returns.class,
      completionCandidates = EnumOption.Returns.class,
      description =
          "${COMPLETION-CANDIDATES}: immediate (γ=0) or "
              + "discounted (γ="
              + ActorCritic.DISCOUNT
              + ") (default: ${DEFAULT-VALUE}).")
  ReturnMode returns;

  @Option(
      names = "--reward",
      paramLabel = "REWARD",
      converter = EnumOption.Rewards.class,
      completionCandidates = EnumOption.Rewards.class,
      description =
          "slot, per-job, uncompleted (the paper's), "
              + "observed-marginal (what a decision's task adds to its job's speed, speeds fitted to the measured progress), "
              + "observed-marginals (the same for every action, all-actions gradient), "
              + "observed-placed-marginals (the same, each action valued where its node kind puts the task by speeds "
              + "fitted with locality and interference; --encoding placed only, no --resume), or the ORACLE variants oracle-marginal, "
              + "oracle-marginals (the simulator's true speeds, which no live cluster knows) (default: the recipe's).")
  RewardMode reward;

  @Option(
      names = "--marginal-value",
      paramLabel = "UNIT",
      converter = EnumOption.MarginalValues.class,
      completionCandidates = EnumOption.MarginalValues.class,
      description =
          "Unit of the marginal rewards: work (what a "
              + "task adds to its job's speed, over E: the paper's reward unit), time (the fraction of the job's remaining time "
              + "it saves, whatever its length) or time-per-task (the same per task: a bundle earns half) (default: the recipe's "
              + "for a marginal reward).")
  MarginalValue marginalValue;

  @Option(
      names = "--baseline",
      paramLabel = "BASELINE",
      converter = EnumOption.Baselines.class,
      completionCandidates = EnumOption.Baselines.class,
      description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Baseline baseline;

  @Option(names = "--anneal-entropy", description = "β = max(20/(1+e^(step/500)), 0.1).")
  boolean annealEntropy;

  @Option(
      names = "--async",
      description =
          "Apply each agent's gradients on arrival instead of averaging them (not reproducible).")
  boolean async;

  /**
   * The knobs asked for, the recipe's where a flag is left out; every combination the objective
   * refuses is refused first here, in the flags' words.
   */
  ActorCritic actorCritic(
      TrainingRecipe recipe, double learningRate, double entropy, ExtraTraces extra) {
    if (agents < 1 || agents > TrainConfig.MAX_AGENTS) {
      throw new InputException(
          "--agents must be 1.."
              + TrainConfig.MAX_AGENTS
              + " (each agent keeps its own simulator "
              + "and replay in memory): "
              + agents);
    }
    int agentBatch = ActorCritic.BATCH_SIZE / agents;
    if (replaySize < agentBatch || replaySize > TrainConfig.MAX_REPLAY) {
      throw new InputException(
          "--replay-size must be "
              + agentBatch
              + ".."
              + TrainConfig.MAX_REPLAY
              + ", at least a learner "
              + "batch per agent ("
              + ActorCritic.BATCH_SIZE
              + " over --agents "
              + agents
              + "): "
              + replaySize);
    }
    RewardMode rewardMode = reward != null ? reward : recipe.reward();
    if (rewardMode.perDecision() && returns != ReturnMode.IMMEDIATE) {
      throw new InputException(
          "--reward "
              + rewardMode.cliName()
              + " needs --returns immediate (a marginal reward is one "
              + "decision's share of its own slot): --returns "
              + EnumOption.dashed(returns));
    }
    if (marginalValue != null && marginalValue != MarginalValue.WORK && !rewardMode.perDecision()) {
      throw new InputException(
          "--marginal-value applies to the marginal rewards only, not --reward "
              + rewardMode.cliName());
    }
    MarginalValue unit =
        marginalValue != null
            ? marginalValue
            : rewardMode.perDecision() ? recipe.marginalValue() : MarginalValue.WORK;
    UpdateSettings update =
        new UpdateSettings(
            returns, ActorCritic.DISCOUNT, baseline, entropy, GradientForm.RECOMPUTED);
    return new ActorCritic(
        agents,
        learningRate,
        ActorCritic.BATCH_SIZE,
        replaySize,
        replay,
        exploration != null ? exploration : recipe.exploration(),
        update,
        rewardMode,
        unit,
        annealEntropy,
        !async,
        extra);
  }
}
