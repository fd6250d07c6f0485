package dl2.cli;

import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.ReturnMode;
import dl2.learning.rl.RlConfig;
import dl2.learning.rl.explore.ExplorationMode;
import picocli.CommandLine.Option;

/** The actor-critic knobs of {@code dl2 train} (the marginal objective): optimiser, replay, exploration, returns, reward, baseline. */
public final class ActorCriticOptions {
  @Option(names = "--lr", description = "RL Adam learning rate (default: the recipe's: observed 1e-3, paper 1e-4).")
  Double learningRateOption;
  @Option(names = "--replay", defaultValue = "prioritised", converter = EnumOption.Replays.class,
      completionCandidates = EnumOption.Replays.class, description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  RlConfig.ReplayKind replay;
  @Option(names = "--replay-size", defaultValue = "8192", description = "Replay capacity per agent; 256 = the no-replay ablation.")
  int replaySize;
  @Option(names = "--exploration", converter = EnumOption.Explorations.class, completionCandidates = EnumOption.Explorations.class,
      description = "${COMPLETION-CANDIDATES} (original-plus: B3 also adds a worker alone at the PS cap) (default: the recipe's: observed none, paper original).")
  ExplorationMode exploration;
  @Option(names = "--returns", defaultValue = "immediate", converter = EnumOption.Returns.class,
      completionCandidates = EnumOption.Returns.class,
      description = "${COMPLETION-CANDIDATES}: immediate (γ=0) or discounted (γ=0.9) (default: ${DEFAULT-VALUE}).")
  ReturnMode returns;
  @Option(names = "--reward", converter = EnumOption.Rewards.class, completionCandidates = EnumOption.Rewards.class, description = "slot, per-job, uncompleted (the paper's), observed-marginal "
      + "(what a decision's task adds to its job's speed, speeds fitted to the measured progress), observed-marginals (the same for "
      + "every action, all-actions gradient), or the ORACLE variants oracle-marginal, oracle-marginals (the simulator's true "
      + "speeds, which no live cluster knows) (default: the recipe's: observed observed-marginals, paper slot).")
  RewardMode reward;
  @Option(names = "--marginal-value", converter = EnumOption.MarginalValues.class,
      completionCandidates = EnumOption.MarginalValues.class, description = "Unit of the marginal rewards: work (what a task "
      + "adds to its job's speed, over E: the paper's reward unit), time (the fraction of the job's remaining time it "
      + "saves, whatever its length) or time-per-task (the same per task: a bundle earns half) (default: the recipe's: "
      + "observed time-per-task, paper work).")
  MarginalValue marginalValue;
  @Option(names = "--baseline", defaultValue = "critic", converter = EnumOption.Baselines.class,
      completionCandidates = EnumOption.Baselines.class, description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Baseline baseline;
  @Option(names = "--entropy", description = "Entropy weight β (default: the recipe's: observed 0.001, paper 0.1).")
  Double entropyOption;
  @Option(names = "--anneal-entropy", description = "β = max(20/(1+e^(step/500)), 0.1).")
  boolean annealEntropy;
  @Option(names = "--async", description = "Apply each agent's gradients on arrival instead of averaging them (not reproducible).")
  boolean async;
}
