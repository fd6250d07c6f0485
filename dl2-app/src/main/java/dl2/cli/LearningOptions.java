package dl2.cli;

import dl2.io.InputException;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.ExtraTraces;
import dl2.learning.rl.Jct;
import dl2.learning.rl.TrainingRecipe;
import dl2.run.TraceFolders;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code train}'s reinforcement learning, whatever its objective: the "Reinforcement learning"
 * section.
 */
final class LearningOptions {
  @Option(
      names = "--objective",
      paramLabel = "OBJECTIVE",
      completionCandidates = Objectives.class,
      description =
          "${COMPLETION-CANDIDATES}: marginal (actor-critic with replay on --reward, the shipped recipe) or jct "
              + "(on-policy: K rollouts of a trace per step, reward minus the jobs outstanding, input-dependent baseline, "
              + "clipped updates; --steps counts iterations) (default: ${DEFAULT-VALUE}).")
  String objective;

  @Option(
      names = "--steps",
      paramLabel = "STEPS",
      description = "RL learner steps (default: the recipe's).")
  Integer steps;

  @Option(
      names = "--lr",
      paramLabel = "RATE",
      description = "RL Adam learning rate (default: the recipe's).")
  Double learningRate;

  @Option(
      names = "--entropy",
      paramLabel = "BETA",
      description = "Entropy weight β (default: the recipe's).")
  Double entropy;

  @Option(
      names = "--placement",
      paramLabel = "PLACEMENT",
      description =
          "Where DL2's tasks go while it trains, validates and is tested: least-loaded (the default), "
              + "fewest-nodes or interference-aware. DL2 decides how many tasks, the placement where (compare's dl2@PLACEMENT); "
              + "recorded in the policy file. Not with --encoding placed.")
  String placement;

  @Option(
      names = "--mix-training",
      paramLabel = "DIR",
      description =
          "Also train on the trace files in DIR (e.g. the train "
              + "windows of a real trace from convert --split train --out-dir DIR), interleaved with the generated ones.")
  Path mixTraining;

  @Option(
      names = "--mix-validation",
      paramLabel = "DIR",
      description =
          "Also validate (pick checkpoints) on the trace files "
              + "in DIR (e.g. the validation windows of the same real trace).")
  Path mixValidation;

  @Option(
      names = "--resume",
      description =
          "Continue the run in --out from its last checkpoint (same settings; --steps may grow).")
  boolean resume;

  /** --steps, or the recipe's. */
  int steps(TrainingRecipe recipe) {
    return steps != null ? steps : recipe.steps();
  }

  /** --lr, or the recipe's, checked. */
  double learningRate(TrainingRecipe recipe) {
    double rate = learningRate != null ? learningRate : recipe.learningRate();
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new InputException("--lr must be a positive number: " + rate);
    }
    return rate;
  }

  /** --entropy, or the recipe's, checked. */
  double entropy(TrainingRecipe recipe) {
    double beta = entropy != null ? entropy : recipe.entropy();
    if (!(beta >= 0) || Double.isInfinite(beta)) {
      throw new InputException("--entropy must be a number ≥ 0: " + beta);
    }
    return beta;
  }

  boolean jct() {
    if (!Objectives.NAMES.contains(objective)) {
      throw new InputException(
          "--objective must be one of " + String.join(", ", Objectives.NAMES) + ": " + objective);
    }
    return objective.equals(Jct.NAME);
  }

  /** The trace files of --mix-training and --mix-validation, read and checked. */
  ExtraTraces extraTraces(Preset preset) {
    return new ExtraTraces(
        TraceFolders.read(mixTraining, "--mix-training", preset.slotSeconds()),
        TraceFolders.read(mixValidation, "--mix-validation", preset.slotSeconds()));
  }

  /** The objectives' names, for the help and the check. */
  static final class Objectives implements Iterable<String> {
    static final List<String> NAMES = List.of(ActorCritic.NAME, Jct.NAME);

    @Override
    public java.util.Iterator<String> iterator() {
      return NAMES.iterator();
    }
  }
}
