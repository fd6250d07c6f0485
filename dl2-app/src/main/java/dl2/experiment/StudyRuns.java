package dl2.experiment;

import dl2.learning.file.PolicyFile;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.RlPoint;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.run.RunBudget;
import dl2.learning.sl.Labels;
import dl2.learning.sl.ValidationPoint;
import dl2.training.TrainConfig;
import dl2.training.TrainingPipeline;
import dl2.training.WarmUp;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The training runs of an experiment's studies ({@link StudyContext}): each a work unit trained
 * through {@link TrainingPipeline} under the asking study's placement, written under {@code
 * WORK/runs/LABEL-PRESET/} (or {@code LABEL@PLACEMENT-PRESET}) and kept for the rest of the
 * invocation, so studies that share a run train it once.
 */
final class StudyRuns {
  private final StudyContext context;
  private final Path workDir;
  private final StudyProgress progress;
  private final Map<String, TrainedPolicy> runs = new HashMap<>();

  StudyRuns(StudyContext context, Path workDir, StudyProgress progress) {
    this.context = context;
    this.workDir = workDir;
    this.progress = progress;
  }

  /**
   * The study recipe (docs/experiments.md) on {@code target} for {@code steps} steps: the paper's
   * recipe from scratch, without a warm-up, at the budget's learning rate.
   */
  TrainingVariant recipe(Preset target, int steps) {
    ActorCritic objective =
        ActorCritic.of(TrainingRecipe.PAPER).withLearningRate(context.budget().learningRate());
    return TrainingVariant.of(config(TrainingRecipe.PAPER, target, steps).withObjective(objective));
  }

  /**
   * {@code recipe}'s run on {@code target} for {@code steps} steps under the study's budget,
   * without a warm-up.
   */
  private TrainConfig config(TrainingRecipe recipe, Preset target, int steps) {
    Budget budget = context.budget();
    RunBudget run =
        new RunBudget(
            target,
            context.seed(),
            steps,
            Math.min(budget.validateEvery(), steps),
            context.validationTraces(),
            budget.trainingTraces(),
            context.threads());
    return TrainConfig.of(recipe, run).withWarmUp(WarmUp.none());
  }

  /**
   * Trains {@code variant} validating every {@code validateEvery} steps (once per label and
   * preset).
   */
  TrainedPolicy train(TrainingVariant variant, int validateEvery) {
    String directory = directory(variant.label(), variant.preset());
    TrainedPolicy done = runs.get(directory);
    if (done != null) {
      return done;
    }
    RunBudget run = variant.config().budget();
    TrainConfig config =
        variant
            .config()
            .withBudget(run.withSteps(run.steps(), Math.min(validateEvery, run.steps())))
            .withPlacement(context.placement());
    ActorCritic knobs = variant.actorCritic();
    String what =
        String.format(
            Locale.ROOT,
            "train %s on %s: %d steps, validation every %d, %d agents, %s, %s exploration, "
                + "replay %d, %s reward, %s speeds%s%s",
            variant.label(),
            variant.preset().name(),
            run.steps(),
            config.budget().validateEvery(),
            knobs.agents(),
            knobs.update().baseline(),
            knobs.exploration(),
            knobs.replayCapacity(),
            knobs.reward(),
            variant.trainingSpeed().getClass().getSimpleName(),
            variant.start().isPresent() ? ", warm-started" : "",
            context.placedBy());
    TrainedPolicy trained =
        context.unit(
            "run " + directory,
            what,
            trainingCost(
                variant.preset(),
                run.steps() * (double) knobs.agents(),
                run.steps() / Math.max(1, config.budget().validateEvery())),
            variant.start().stream().toList(),
            UnitCodec.trained(variant.label()),
            () ->
                trainAndTest(
                    directory,
                    variant.label(),
                    variant.preset(),
                    run.steps(),
                    dir ->
                        new TrainingPipeline(config, variant.trainingSpeed(), progressListener())
                            .train(dir, variant.start().map(f -> f.policy().network()))));
    runs.put(directory, trained);
    return trained;
  }

  /**
   * DL2 trained on {@code target} with a whole training recipe ({@code dl2 train --recipe}): the
   * recipe's steps, or the budget's in a quick run. Trained once per label and preset.
   */
  TrainedPolicy train(TrainingRecipe recipe, Preset target, String label) {
    String directory = directory(label, target);
    TrainedPolicy done = runs.get(directory);
    if (done != null) {
      return done;
    }
    int steps = context.quick() ? context.budget().rlSteps() : recipe.steps();
    TrainConfig config = config(recipe, target, steps).withPlacement(context.placement());
    String what =
        String.format(
            Locale.ROOT,
            "train %s on %s (%s): the %s recipe, %d steps, validation every %d%s",
            label,
            target.name(),
            target.workload().typeMix(),
            recipe.name(),
            steps,
            config.budget().validateEvery(),
            context.placedBy());
    TrainedPolicy trained =
        context.unit(
            "run " + directory,
            what,
            trainingCost(target, steps, steps / Math.max(1, config.budget().validateEvery())),
            List.of(),
            UnitCodec.trained(label),
            () ->
                trainAndTest(
                    directory,
                    label,
                    target,
                    steps,
                    dir ->
                        new TrainingPipeline(config, progressListener())
                            .train(dir, Optional.empty())));
    runs.put(directory, trained);
    return trained;
  }

  /**
   * A supervised warm-up from {@code teacher} (under the study's placement) on the study preset,
   * validated five times; its best checkpoint and curve.
   */
  TrainedWarmUp warmUp(String teacher) {
    String placedTeacher = context.named(teacher);
    Preset preset = context.preset();
    String name = "warm-up-" + placedTeacher + "-" + preset.name();
    Path dir = workDir.resolve("runs").resolve(name);
    int steps = context.budget().slSteps();
    int every = Math.max(1, steps / 5);
    TrainConfig config =
        config(TrainingRecipe.PAPER, preset, context.budget().rlSteps())
            .withPlacement(context.placement())
            .withWarmUp(
                new WarmUp(
                    steps, every, context.validationTraces(), placedTeacher, Labels.DEFAULTS));
    double cost =
        steps * WorkUnit.SL_STEP
            + (steps / every)
                * WorkUnit.evaluationCost(
                    preset.workload().totalJobs() * context.validationTraces(), true);
    return context.unit(
        "warm-up " + name,
        "warm-up from "
            + placedTeacher
            + " on "
            + preset.name()
            + ": "
            + steps
            + " steps"
            + context.placedBy(),
        cost,
        List.of(),
        UnitCodec.warmUp(teacher),
        () -> {
          progress.phase("warm-up " + teacher, steps);
          List<ValidationPoint> curve;
          try {
            curve = new TrainingPipeline(config, progressListener()).warmUp(dir);
          } finally {
            progress.endPhase();
          }
          return new TrainedWarmUp(teacher, curve, PolicyFile.load(dir.resolve("best.policy")));
        });
  }

  /** A run's directory under runs/: its label under the study's placement, and the preset. */
  private String directory(String label, Preset target) {
    return context.named(label) + "-" + target.name();
  }

  /**
   * A training run's rough cost: its learner steps, its validations and its two test evaluations.
   */
  private double trainingCost(Preset target, double learnerSteps, int validations) {
    int jobTraces = target.workload().totalJobs() * context.validationTraces();
    return learnerSteps * WorkUnit.RL_STEP
        + (validations + 2) * WorkUnit.evaluationCost(jobTraces, true);
  }

  /**
   * One training run into runs/{@code directory} under a progress phase, then its best and final
   * checkpoints on test traces.
   */
  private TrainedPolicy trainAndTest(
      String directory, String label, Preset target, long steps, Run run) {
    Path dir = workDir.resolve("runs").resolve(directory);
    progress.phase("train " + directory, steps);
    List<RlPoint> curve;
    try {
      curve = run.train(dir);
    } finally {
      progress.endPhase();
    }
    PolicyFile best = PolicyFile.load(dir.resolve("best.policy"));
    PolicyFile latest = PolicyFile.load(dir.resolve("final.policy"));
    // Part of the training unit: the test JCTs of its checkpoints are computed where it trained.
    Evaluator test =
        new Evaluator(
                target,
                context.seed(),
                TraceSet.TEST,
                context.validationTraces(),
                context.threads(),
                0)
            .placedBy(context.placement());
    return new TrainedPolicy(label, curve, best, latest, test.policy(best), test.policy(latest));
  }

  /** Trains into a directory and returns the learning curve. */
  private interface Run {
    List<RlPoint> train(Path dir);
  }

  /** Steps and validation JCTs to the progress bar. */
  private TrainingPipeline.Listener progressListener() {
    return new TrainingPipeline.Listener() {
      @Override
      public void stepped(long step) {
        progress.stepTo(step);
      }

      @Override
      public void validated(RlPoint p, boolean best) {
        progress.message(String.format(Locale.ROOT, " val JCT %.3f", p.validationJct()));
      }

      @Override
      public void warmUpStepped(long step) {
        progress.stepTo(step);
      }
    };
  }
}
