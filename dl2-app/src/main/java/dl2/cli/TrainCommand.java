package dl2.cli;

import dl2.io.InputException;
import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.ExtraTraces;
import dl2.learning.rl.ReturnMode;
import dl2.learning.rl.RlConfig;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.output.RunOutput;
import dl2.training.TrainConfig;
import dl2.training.TrainingPipeline;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 train}: the whole pipeline, supervised warm-up then actor-critic RL (dl2-spec §7–8). */
@Command(name = "train", mixinStandardHelpOptions = true,
    description = "Train DL2: supervised warm-up from a teacher, then actor-critic reinforcement learning.")
final class TrainCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin TrainingOptions training;

  @Option(names = "--agents", defaultValue = "1", description = "Agents, each with its own simulator and traces (default: ${DEFAULT-VALUE}).")
  int agents;
  @Option(names = "--steps", description = "RL learner steps (default: the recipe's: observed 4000, paper 2000).")
  Integer stepsOption;
  @Option(names = "--sl-steps", description = "Supervised warm-up steps; 0 = no warm-up (default: the recipe's: observed 0, paper 600).")
  Integer slStepsOption;
  @Option(names = "--warm-start", paramLabel = "FILE", description = "Start RL from this policy file instead of running the warm-up.")
  Path warmStart;
  @Mixin LabelOptions labels;
  @Mixin OnPolicyOptions onPolicy;

  @Option(names = "--teacher", defaultValue = "drf", description = "Warm-up teacher (default: ${DEFAULT-VALUE}).")
  String teacher;
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
  @Option(names = "--mix-training", paramLabel = "DIR", description = "Also train on the trace files in DIR (e.g. the train "
      + "windows of a real trace from convert --split train --out-dir DIR), interleaved with the generated ones.")
  Path mixTraining;
  @Option(names = "--mix-validation", paramLabel = "DIR", description = "Also validate (pick checkpoints) on the trace files "
      + "in DIR (e.g. the validation windows of the same real trace).")
  Path mixValidation;
  @Option(names = "--baseline", defaultValue = "critic", converter = EnumOption.Baselines.class,
      completionCandidates = EnumOption.Baselines.class, description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Baseline baseline;
  @Option(names = "--entropy", description = "Entropy weight β (default: the recipe's: observed 0.001, paper 0.1).")
  Double entropyOption;
  @Option(names = "--anneal-entropy", description = "β = max(20/(1+e^(step/500)), 0.1).")
  boolean annealEntropy;
  @Option(names = "--resume", description = "Continue the run in --out from its last checkpoint (same settings; --steps may grow).")
  boolean resume;
  @Option(names = "--async", description = "Apply each agent's gradients on arrival instead of averaging them (not reproducible).")
  boolean async;

  @Override
  public Integer call() {
    if (resume && training.force) {
      throw new InputException("--resume continues the run in --out and --force replaces it: give one of them");
    }
    if (resume && async) {
      throw new InputException("only synchronous runs can be resumed (asynchronous runs are not reproducible): leave out --async");
    }
    Preset preset = training.preset();
    Optional<PolicyFile> warm = warmStart == null ? Optional.empty()
        : Optional.of(PolicyOptions.loadChecked("--warm-start", warmStart, preset, spec.commandLine().getErr()));
    PolicySettings asked = training.policy(preset); // checked even when a warm start brings its own
    TrainConfig config = config(preset, warm.map(PolicyFile::settings).orElse(asked));
    try (RunOutput output = RunOutput.claim(CommandLines.of(spec), "--out", training.out, "train run",
        "continue it with --resume or start over with --force", resume || training.force);
        TrainingProgress progress = new TrainingProgress(config.teacher(), spec.commandLine().getErr())) {
      TrainingPipeline.Outcome outcome = new TrainingPipeline(config, progress).run(training.out, resume, warm, output::mark);
      TrainingReport.print(outcome, config, training.out, spec.commandLine().getOut());
    }
    return 0;
  }

  /** Every knob of the run: the flags given, the recipe's values for the rest. */
  private TrainConfig config(Preset preset, PolicySettings policy) {
    ExtraTraces extra = new ExtraTraces(TraceFolders.read(mixTraining, "--mix-training", preset.slotSeconds()),
        TraceFolders.read(mixValidation, "--mix-validation", preset.slotSeconds()));
    return TrainConfig.builder(preset, training.recipe()).seed(training.seed)
        .policy(policy).agents(agents).steps(stepsOption)
        .warmUpSteps(slStepsOption).teacher(teacher).labels(labels.bundleLabels, labels.dropUnlabelled, !labels.noShuffle,
            labels.slotStartBundle, labels.stopLabels)
        .learningRate(learningRateOption).replay(replay, replaySize).exploration(exploration).returns(returns)
        .baseline(baseline).entropy(entropyOption, annealEntropy).reward(reward, marginalValue).synchronous(!async)
        .validation(training.validateEvery, training.validationTraces).threads(training.threads()).extraTraces(extra)
        .objective(onPolicy.objective, onPolicy.settings())
        .build();
  }
}
