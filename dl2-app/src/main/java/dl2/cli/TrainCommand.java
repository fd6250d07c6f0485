package dl2.cli;

import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.rl.ExtraTraces;
import dl2.output.RunOutput;
import dl2.schedulers.Schedulers;
import dl2.training.TrainConfig;
import dl2.training.TrainSweep;
import dl2.training.TrainingPipeline;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.List;
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
  @Mixin ActorCriticOptions rl;
  @Mixin LabelOptions labels;
  @Mixin OnPolicyOptions onPolicy;
  @Mixin TrainSweepOptions sweeps;

  @Option(names = "--agents", defaultValue = "1", description = "Agents, each with its own simulator and traces (default: ${DEFAULT-VALUE}).")
  int agents;
  @Option(names = "--steps", description = "RL learner steps (default: the recipe's: observed 4000, paper 2000).")
  Integer stepsOption;
  @Option(names = "--sl-steps", description = "Supervised warm-up steps; 0 = no warm-up (default: the recipe's: observed 0, paper 600).")
  Integer slStepsOption;
  @Option(names = "--warm-start", paramLabel = "FILE", description = "Start RL from this policy file instead of running the warm-up.")
  Path warmStart;
  @Option(names = "--teacher", defaultValue = Schedulers.DRF, paramLabel = "SCHEDULER[@PLACEMENT]",
      description = "Warm-up teacher: a "
      + "baseline, alone (it runs under --placement) or under a placement of its own, such as optimus@fewest-nodes (default: "
      + "${DEFAULT-VALUE}).")
  String teacher;
  @Option(names = "--placement", paramLabel = "PLACEMENT", description = "Where DL2's tasks go while it trains, validates and is "
      + "tested: least-loaded (the default), fewest-nodes or interference-aware. DL2 decides how many tasks, the placement "
      + "where (compare's dl2@PLACEMENT); recorded in the policy file. Not with --encoding placed.")
  String placement;
  @Option(names = "--mix-training", paramLabel = "DIR", description = "Also train on the trace files in DIR (e.g. the train "
      + "windows of a real trace from convert --split train --out-dir DIR), interleaved with the generated ones.")
  Path mixTraining;
  @Option(names = "--mix-validation", paramLabel = "DIR", description = "Also validate (pick checkpoints) on the trace files "
      + "in DIR (e.g. the validation windows of the same real trace).")
  Path mixValidation;
  @Option(names = "--resume", description = "Continue the run in --out from its last checkpoint (same settings; --steps may grow).")
  boolean resume;

  @Override
  public Integer call() {
    if (resume && training.force) {
      throw new InputException("--resume continues the run in --out and --force replaces it: give one of them");
    }
    if (resume && rl.async) {
      throw new InputException("only synchronous runs can be resumed (asynchronous runs are not reproducible): leave out --async");
    }
    Preset preset = training.preset();
    Optional<PolicyFile> warm = warmStart == null ? Optional.empty()
        : Optional.of(PolicyOptions.loadChecked("--warm-start", warmStart, preset, spec.commandLine().getErr()));
    if (sweeps.asked()) {
      var parsed = spec.commandLine().getParseResult();
      List<String> podArgs = sweeps.cluster.onKubernetes ? TrainSweepOptions.podArgs(parsed, training.threads()) : List.of();
      TrainSweep sweep = sweeps.sweep(parsed, training,
          (p, seed) -> config(p, seed, warm.map(PolicyFile::settings).orElse(training.policy(p))));
      return new TrainSweepRun(sweep, resume, training.force, warm, CommandLines.of(spec), spec.commandLine().getOut(),
          spec.commandLine().getErr()).run(sweeps, podArgs, training.out);
    }
    TrainConfig config = config(preset, training.seed, warm.map(PolicyFile::settings).orElse(training.policy(preset)));
    try (RunOutput output = RunOutput.claim(CommandLines.of(spec), "--out", training.out, "train run",
        "continue it with --resume or start over with --force", resume || training.force);
        TrainingProgress progress = new TrainingProgress(config.teacher(), spec.commandLine().getErr())) {
      TrainingPipeline.Outcome outcome = new TrainingPipeline(config, progress).run(training.out, resume, warm, output::mark);
      TrainingReport.print(outcome, config, training.out, spec.commandLine().getOut());
    }
    return 0;
  }

  /** Every knob of the run: the flags given, the recipe's values for the rest. */
  private TrainConfig config(Preset preset, long seed, PolicySettings policy) {
    ExtraTraces extra = new ExtraTraces(TraceFolders.read(mixTraining, "--mix-training", preset.slotSeconds()),
        TraceFolders.read(mixValidation, "--mix-validation", preset.slotSeconds()));
    return TrainConfig.builder(preset, training.recipe()).seed(seed)
        .policy(policy).agents(agents).steps(stepsOption)
        .warmUpSteps(slStepsOption).teacher(teacher).placement(placement).labels(labels.bundleLabels, labels.dropUnlabelled, !labels.noShuffle,
            labels.slotStartBundle, labels.stopLabels)
        .learningRate(rl.learningRateOption).replay(rl.replay, rl.replaySize).exploration(rl.exploration).returns(rl.returns)
        .baseline(rl.baseline).entropy(rl.entropyOption, rl.annealEntropy).reward(rl.reward, rl.marginalValue)
        .synchronous(!rl.async).validation(training.validateEvery, training.validationTraces).threads(training.threads())
        .extraTraces(extra).objective(onPolicy.objective, onPolicy.settings())
        .build();
  }
}
