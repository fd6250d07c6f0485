package dl2.cli;

import dl2.io.InputException;
import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.MlpSpec;
import dl2.learning.nn.NetworkState;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.ExtraTraces;
import dl2.learning.rl.GradientForm;
import dl2.learning.rl.ReturnMode;
import dl2.learning.rl.RlConfig;
import dl2.learning.rl.RlListener;
import dl2.learning.rl.RlPoint;
import dl2.learning.rl.RlTrainer;
import dl2.learning.rl.TestEvaluation;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.rl.UpdateSettings;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.sl.SupervisedConfig;
import dl2.learning.sl.SupervisedListener;
import dl2.learning.sl.SupervisedWarmup;
import dl2.output.RunOutput;
import dl2.simulation.SimulatedClusters;
import dl2.workload.Preset;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
  static final int MAX_AGENTS = 256;
  static final int MAX_REPLAY = 1 << 20;

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

  @Option(names = "--teacher", defaultValue = "drf", description = "Warm-up teacher (default: ${DEFAULT-VALUE}).")
  String teacher;
  @Option(names = "--lr", description = "RL Adam learning rate (default: the recipe's: observed 1e-3, paper 1e-4).")
  Double learningRateOption;
  @Option(names = "--replay", defaultValue = "prioritised", description = "prioritised or plain (default: ${DEFAULT-VALUE}).")
  String replay;
  @Option(names = "--replay-size", defaultValue = "8192", description = "Replay capacity per agent; 256 = the no-replay ablation.")
  int replaySize;
  @Option(names = "--exploration", description = "original, original-plus (B3 also adds a worker alone at the PS cap), paper or none (default: the recipe's: observed none, paper original).")
  String exploration;
  @Option(names = "--returns", defaultValue = "immediate", description = "immediate (γ=0) or discounted (γ=0.9) (default: ${DEFAULT-VALUE}).")
  String returns;
  @Option(names = "--reward", description = "slot, per-job, uncompleted (the paper's), observed-marginal "
      + "(what a decision's task adds to its job's speed, speeds fitted to the measured progress), observed-marginals (the same for "
      + "every action, all-actions gradient), or the ORACLE variants oracle-marginal, oracle-marginals (the simulator's true "
      + "speeds, which no live cluster knows) (default: the recipe's: observed observed-marginals, paper slot).")
  String reward;
  @Option(names = "--marginal-value", description = "Unit of the marginal rewards: work (what a task "
      + "adds to its job's speed, over E: the paper's reward unit), time (the fraction of the job's remaining time it "
      + "saves, whatever its length) or time-per-task (the same per task: a bundle earns half) (default: the recipe's: "
      + "observed time-per-task, paper work).")
  String marginalValue;
  @Option(names = "--mix-training", paramLabel = "DIR", description = "Also train on the trace files in DIR (e.g. the train "
      + "windows of a real trace from convert --split train --out-dir DIR), interleaved with the generated ones.")
  Path mixTraining;
  @Option(names = "--mix-validation", paramLabel = "DIR", description = "Also validate (pick checkpoints) on the trace files "
      + "in DIR (e.g. the validation windows of the same real trace).")
  Path mixValidation;
  @Option(names = "--baseline", defaultValue = "critic", description = "critic, job-critic, replay-mean or moving-average (default: ${DEFAULT-VALUE}).")
  String baseline;
  @Option(names = "--entropy", description = "Entropy weight β (default: the recipe's: observed 0.001, paper 0.1).")
  Double entropyOption;
  private int steps;
  private int slSteps;
  private double learningRate;
  private double entropy;
  @Option(names = "--anneal-entropy", description = "β = max(20/(1+e^(step/500)), 0.1).")
  boolean annealEntropy;
  @Option(names = "--resume", description = "Continue the run in --out from its last checkpoint (same settings; --steps may grow).")
  boolean resume;
  @Option(names = "--async", description = "Apply each agent's gradients on arrival instead of averaging them (not reproducible).")
  boolean async;

  /** The running phase's progress bar, which the trainer's listener moves. */
  private Progress bar = Progress.none();

  @Override
  public Integer call() {
    Preset preset = training.preset();
    applyRecipe(training.recipe());
    int threadCount = training.threads();
    RlConfig rl = rlConfig(preset, threadCount);
    PolicySettings settings = training.policy(preset);
    Path out = training.out;
    if (resume && training.force) {
      throw new InputException("--resume continues the run in --out and --force replaces it: give one of them");
    }
    if (resume && async) {
      throw new InputException("only synchronous runs can be resumed (asynchronous runs are not reproducible): leave out --async");
    }
    Optional<PolicyFile> warm = Optional.empty();
    if (warmStart != null) {
      warm = Optional.of(PolicyOptions.loadChecked("--warm-start", warmStart, preset, spec.commandLine().getErr()));
      settings = warm.get().settings();
    }
    try (RunOutput output = RunOutput.claim(CommandLines.of(spec), "--out", out, "train run", "continue it with --resume or start over with --force",
        resume || training.force)) {
      RlTrainer trainer = trainer(rl);
      if (resume && RlTrainer.hasCheckpoint(out)) {
        RlTrainer.Resumption run = trainer.prepareResume(out, Optional.of(settings)); // every check before any progress
        return train(rl, trainer, () -> trainer.resume(run), out);
      }
      if (resume) {
        spec.commandLine().getErr().println("dl2: " + out + " holds no checkpoint yet: starting the run from the beginning");
      }
      output.mark();
      RlTrainer.clearCheckpoints(out); // a fresh start: no checkpoint of an earlier run may be resumed into it
      if (!resume) {
        clearWarmUp(out.resolve("sl"));
      }
      Optional<Mlp> start = Optional.empty();
      Optional<Mlp> startValue = Optional.empty();
      if (warm.isPresent()) {
        start = Optional.of(warm.get().policy().network());
        startValue = criticFrom(warm.get(), rl);
      } else if (slSteps > 0) {
        start = Optional.of(warmUp(preset, settings, threadCount, out.resolve("sl")));
      }
      PolicySettings initial = settings;
      Optional<Mlp> initialPolicy = start;
      Optional<Mlp> initialValue = startValue;
      return train(rl, trainer, () -> trainer.run(initial, initialPolicy, initialValue, out), out);
    }
  }

  /**
   * The warm-up's best policy: a finished warm-up of these settings in {@code dir} (left by a run
   * resumed before its first RL checkpoint) is reused, anything else is trained afresh; both give
   * the same bytes, the warm-up being deterministic.
   */
  private Mlp warmUp(Preset preset, PolicySettings settings, int threadCount, Path dir) {
    SupervisedConfig sl = labels.applyTo(SupervisedConfig.defaults(preset, teacher, slSteps, training.seed)).withPolicy(settings)
        .withThreads(threadCount);
    if (resume && SupervisedWarmup.finished(dir)) {
      PolicyFile done = PolicyFile.load(dir.resolve(SupervisedWarmup.BEST));
      TrainingInfo info = done.training();
      if (done.settings().equals(settings) && info.teacher().equals(teacher) && info.seed() == training.seed
          && info.preset().equals(preset.name()) && slStepsOf(dir) == slSteps) {
        return done.policy().network();
      }
    }
    try (Progress progress = Progress.training("warm-up " + teacher, slSteps, spec.commandLine().getErr())) {
      new SupervisedWarmup(sl, new SupervisedListener() {
        @Override
        public void stepped(long step, double loss) {
          progress.stepTo(step);
        }
      }, SimulatedClusters.of(preset)).run(dir);
    }
    return PolicyFile.load(dir.resolve(SupervisedWarmup.BEST)).policy().network();
  }

  private static void clearWarmUp(Path dir) {
    try {
      SupervisedWarmup.directory(dir).clear();
    } catch (java.io.IOException e) {
      throw new InputException("cannot remove the earlier warm-up in " + dir + ": " + dl2.io.OutputPaths.reason(e));
    }
  }

  private static long slStepsOf(Path dir) {
    return PolicyFile.load(dir.resolve(SupervisedWarmup.FINAL)).training().step();
  }

  /** Every flag not given takes its recipe's value. */
  private void applyRecipe(TrainingRecipe recipe) {
    steps = stepsOption != null ? stepsOption : recipe.steps();
    slSteps = slStepsOption != null ? slStepsOption : recipe.slSteps();
    learningRate = learningRateOption != null ? learningRateOption : recipe.learningRate();
    entropy = entropyOption != null ? entropyOption : recipe.entropy();
    exploration = exploration != null ? exploration : recipe.exploration().cliName();
    reward = reward != null ? reward : recipe.reward().cliName();
    boolean marginal = RewardMode.byName(reward).map(RewardMode::perDecision).orElse(false);
    marginalValue = marginalValue != null ? marginalValue : marginal ? recipe.marginalValue().cliName() : MarginalValue.WORK.cliName();
  }

  /** The warm-start file's critic, when it has one of the shape this run's baseline needs. */
  private static Optional<Mlp> criticFrom(PolicyFile file, RlConfig rl) {
    MlpSpec wanted = file.settings().valueSpec(rl.update().baseline() == Baseline.JOB_CRITIC);
    return file.value().map(NetworkState::network).filter(v -> v.spec().equals(wanted));
  }

  private RlTrainer trainer(RlConfig rl) {
    return new RlTrainer(rl, new RlListener() {
      @Override
      public void stepped(long step) {
        bar.stepTo(step);
      }

      @Override
      public void validated(RlPoint p, boolean best) {
        bar.message(String.format(Locale.ROOT, "val JCT %.3f reward %.3f H %.2f", p.validationJct(), p.slotReward(), p.entropy()));
      }
    }, SimulatedClusters.of(rl.preset()));
  }

  private int train(RlConfig rl, RlTrainer trainer, java.util.function.Supplier<List<RlPoint>> run, Path out) {
    List<RlPoint> curve;
    try (Progress progress = Progress.training("rl", rl.steps(), spec.commandLine().getErr())) {
      bar = progress;
      curve = run.get();
    } finally {
      bar = Progress.none();
    }
    RlPoint best = curve.stream().min((a, b) -> Double.compare(a.validationJct(), b.validationJct())).orElseThrow();
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.printf(Locale.ROOT, "best validation mean avg JCT %.4f at RL step %d (reward %s)%n", best.validationJct(),
        best.step(), rl.reward().usesOracle() ? rl.rewardName() + ", ORACLE-TRAINED with the simulator's true speeds"
            : rl.rewardName() + ", observation-only");
    TestEvaluation.Result test = trainer.evaluateOnTest(out, best.validationJct());
    stdout.print(TestSummary.render(test));
    stdout.printf("wrote %s, %s, %s, %s%n", out.resolve("best.policy"), out.resolve("final.policy"),
        out.resolve("rl-curve.csv"), out.resolve(TestEvaluation.FILE));
    stdout.flush();
    return 0;
  }

  private RlConfig rlConfig(Preset preset, int threadCount) {
    if (agents < 1 || steps < 1 || slSteps < 0 || replaySize < 1 || !(learningRate > 0) || !(entropy >= 0)
        || Double.isInfinite(learningRate) || Double.isInfinite(entropy)) {
      throw new InputException("--agents, --steps, --replay-size and --lr must be positive; --sl-steps and --entropy ≥ 0");
    }
    if (agents > MAX_AGENTS || replaySize > MAX_REPLAY) {
      throw new InputException("--agents must be at most " + MAX_AGENTS + " and --replay-size at most " + MAX_REPLAY
          + " (each agent keeps its own simulator and replay in memory)");
    }
    RlConfig.ReplayKind replayKind = switch (replay) {
      case "prioritised" -> RlConfig.ReplayKind.PRIORITISED;
      case "plain" -> RlConfig.ReplayKind.PLAIN;
      default -> throw new InputException("--replay must be prioritised or plain: " + replay);
    };
    ReturnMode returnMode = switch (returns) {
      case "immediate" -> ReturnMode.IMMEDIATE;
      case "discounted" -> ReturnMode.DISCOUNTED;
      default -> throw new InputException("--returns must be immediate or discounted: " + returns);
    };
    RewardMode rewardMode = RewardMode.byName(reward).orElseThrow(() -> new InputException(
        "--reward must be one of " + RewardMode.names() + ": " + reward));
    Baseline baselineKind = switch (baseline) {
      case "critic" -> Baseline.CRITIC;
      case "job-critic" -> Baseline.JOB_CRITIC;
      case "replay-mean" -> Baseline.REPLAY_MEAN;
      case "moving-average" -> Baseline.MOVING_AVERAGE;
      default -> throw new InputException("--baseline must be critic, job-critic, replay-mean or moving-average: " + baseline);
    };
    ExplorationMode explorationMode;
    try {
      explorationMode = ExplorationMode.fromName(exploration);
    } catch (IllegalArgumentException e) {
      throw new InputException("--exploration must be original, original-plus, paper or none: " + exploration);
    }
    if (rewardMode.perDecision() && returnMode != ReturnMode.IMMEDIATE) {
      throw new InputException("--reward " + reward + " needs --returns immediate");
    }
    MarginalValue value = MarginalValue.byName(marginalValue).orElseThrow(() -> new InputException(
        "--marginal-value must be work, time or time-per-task: " + marginalValue));
    if (value != MarginalValue.WORK && !rewardMode.perDecision()) {
      throw new InputException("--marginal-value applies to the marginal rewards only, not --reward " + reward);
    }
    UpdateSettings update = new UpdateSettings(returnMode, 0.9, baselineKind, entropy, GradientForm.RECOMPUTED);
    int every = training.validateEvery(steps, 200);
    ExtraTraces extra = new ExtraTraces(TraceFolders.read(mixTraining, "--mix-training", preset.slotSeconds()),
        TraceFolders.read(mixValidation, "--mix-validation", preset.slotSeconds()));
    return new RlConfig(preset, training.seed, agents, steps, learningRate, 256, replaySize, replayKind, explorationMode, update,
        rewardMode, annealEntropy, !async, 100, every, training.validationTraces, threadCount, value).withExtraTraces(extra);
  }
}
