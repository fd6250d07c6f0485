package dl2.cli;

import dl2.console.TrainingProgress;
import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.rl.Objective;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.run.RunBudget;
import dl2.output.RunOutput;
import dl2.placement.InterferenceAware;
import dl2.report.TrainingReport;
import dl2.run.TrainSweepRun;
import dl2.training.InterruptNotice;
import dl2.training.TrainConfig;
import dl2.training.TrainSweep;
import dl2.training.TrainingPipeline;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 train}: the whole pipeline, supervised warm-up then reinforcement learning (dl2-spec
 * §7–8).
 */
@Command(
    name = "train",
    mixinStandardHelpOptions = true,
    defaultValueProvider = TrainDefaults.class,
    description =
        "Train DL2: supervised warm-up from a teacher, then reinforcement learning (actor-critic, or "
            + "on-policy on total JCT).")
final class TrainCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin TrainingOptions training;

  @ArgGroup(validate = false, heading = "%nWarm-up:%n", order = 3)
  WarmUpOptions warmUp = new WarmUpOptions();

  @ArgGroup(validate = false, heading = "%nReinforcement learning:%n", order = 4)
  LearningOptions learning = new LearningOptions();

  @ArgGroup(validate = false, heading = "%nActor-critic (--objective marginal):%n", order = 5)
  ActorCriticOptions actorCritic = new ActorCriticOptions();

  @ArgGroup(validate = false, heading = "%nJCT objective (--objective jct):%n", order = 6)
  OnPolicyOptions jct = new OnPolicyOptions();

  @ArgGroup(validate = false, heading = "%nSweeps and Kubernetes:%n", order = 7)
  TrainSweepOptions sweeps = new TrainSweepOptions();

  @Override
  public Integer call() {
    Path out = training.out(spec);
    if (learning.resume && training.force()) {
      throw new InputException(
          "--resume continues the run in --out and --force replaces it: give one of them");
    }
    if (learning.resume && actorCritic.async) {
      throw new InputException(
          "only synchronous runs can be resumed (asynchronous runs are not reproducible): leave out --async");
    }
    var parsed = spec.commandLine().getParseResult();
    boolean sweep = sweeps.asked();
    List<String> podArgs =
        sweep && sweeps.cluster.onKubernetes
            ? TrainSweepOptions.podArgs(parsed, training.run.threads())
            : List.of(); // refuses the options that name this machine's files before any is read
    Preset preset = training.preset();
    TrainConfig checked =
        config(
            preset,
            training.run.seed,
            training.policy(preset)); // every option, before any file is read
    Optional<PolicyFile> warm =
        warmUp.warmStart == null
            ? Optional.empty()
            : Optional.of(
                PolicyOptions.loadChecked(
                    "--warm-start", warmUp.warmStart, preset, spec.commandLine().getErr()));
    if (sweep) {
      TrainSweep runs =
          sweeps.sweep(
              parsed,
              training,
              (p, seed) ->
                  config(p, seed, warm.map(PolicyFile::settings).orElse(training.policy(p))));
      return sweeps.run(
          new TrainSweepRun(
              runs,
              learning.resume,
              training.force(),
              warm,
              CommandLines.of(spec),
              spec.commandLine().getOut(),
              spec.commandLine().getErr()),
          podArgs,
          out);
    }
    TrainConfig config = warm.map(w -> checked.withPolicy(w.settings())).orElse(checked);
    try (RunOutput output =
            RunOutput.claim(
                CommandLines.of(spec),
                "--out",
                out,
                "train run",
                "continue it with --resume or start over with --force",
                learning.resume || training.force());
        TrainingProgress progress =
            new TrainingProgress(config.warmUp().teacher(), spec.commandLine().getErr());
        InterruptNotice notice =
            InterruptNotice.install(
                out,
                config.budget().steps(),
                parsed.originalArgs(),
                unresumable(config).isEmpty(),
                unresumable(config),
                spec.commandLine().getErr())) {
      TrainingPipeline.Outcome outcome =
          new TrainingPipeline(config, progress).run(out, learning.resume, warm, output::mark);
      TrainingReport.print(outcome, config, out, spec.commandLine().getOut());
    }
    return 0;
  }

  /** Why {@code --resume} could not continue this run, or "" when it can. */
  private String unresumable(TrainConfig config) {
    if (learning.jct()) {
      return "--objective jct runs cannot be resumed";
    }
    if (actorCritic.async) {
      return "asynchronous runs cannot be resumed";
    }
    if (config.placement().equals(InterferenceAware.NAME)) {
      return "runs placed by " + InterferenceAware.NAME + " cannot be resumed";
    }
    if (config.policy().residual() != null) {
      return "runs of a residual policy cannot be resumed (its base rule's memory is not saved)";
    }
    return "";
  }

  /**
   * Every knob of the run: the flags given, the recipe's values for the rest, each checked in the
   * flags' words.
   */
  private TrainConfig config(Preset preset, long seed, PolicySettings policy) {
    TrainingRecipe recipe = training.recipe();
    RunBudget budget =
        training.budget(
            preset, seed, learning.steps(recipe), "--steps", TrainConfig.VALIDATE_EVERY_AT_MOST);
    double rate = learning.learningRate(recipe);
    double entropy = learning.entropy(recipe);
    if (learning.jct() && (learning.mixTraining != null || learning.mixValidation != null)) {
      throw new InputException(
          "--mix-training and --mix-validation train the actor-critic objective only, not --objective jct");
    }
    Objective objective =
        learning.jct()
            ? jct.jct(rate, entropy)
            : actorCritic.actorCritic(recipe, rate, entropy, learning.extraTraces(preset));
    return new TrainConfig(
        recipe, budget, policy, warmUp.warmUp(recipe), objective, learning.placement);
  }
}
