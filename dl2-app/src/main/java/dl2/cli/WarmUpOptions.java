package dl2.cli;

import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.learning.rl.TrainingRecipe;
import dl2.training.WarmUp;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * {@code train}'s supervised warm-up, or the policy RL starts from instead: the "Warm-up" section.
 */
final class WarmUpOptions {
  @Option(
      names = "--sl-steps",
      paramLabel = "STEPS",
      description = "Supervised warm-up steps; 0 = no warm-up (default: the recipe's).")
  Integer steps;

  @Option(
      names = "--teacher",
      paramLabel = "SCHEDULER[@PLACEMENT]",
      description =
          "Warm-up teacher: a baseline, alone (it "
              + "runs under --placement) or under a placement of its own, such as optimus@fewest-nodes (default: ${DEFAULT-VALUE}).")
  String teacher;

  @Option(
      names = "--warm-start",
      paramLabel = "FILE",
      description = "Start RL from this policy file instead of running the warm-up.")
  Path warmStart;

  @ArgGroup(validate = false)
  LabelOptions labels = new LabelOptions();

  /** The warm-up asked for: --sl-steps or the recipe's, checked. */
  WarmUp warmUp(TrainingRecipe recipe) {
    int count = steps != null ? steps : recipe.slSteps();
    if (count < 0) {
      throw new InputException("--sl-steps must be at least 0: " + count);
    }
    SchedulerCatalog.checkTeacher(teacher);
    return WarmUp.of(count, teacher, labels.labels());
  }
}
