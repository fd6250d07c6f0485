package dl2.cli;

import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.Jct;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.run.RunBudget;
import dl2.learning.sl.SupervisedConfig;
import dl2.training.WarmUp;
import dl2.workload.TraceSets;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults of train's and train-sl's options, read from the records and recipes that declare
 * them, so that each default is written once and the help prints it as {@code ${DEFAULT-VALUE}}. An
 * option whose default is the recipe's has none here: the recipe fills it in.
 */
final class TrainDefaults implements IDefaultValueProvider {
  private static final Map<String, String> SHARED =
      Map.of(
          "--seed",
          "" + TraceSets.DEFAULT_BASE_SEED,
          "--validation-traces",
          "" + RunBudget.VALIDATION_TRACES,
          "--recipe",
          TrainingRecipe.OBSERVED.name(),
          "--teacher",
          WarmUp.TEACHER);
  private static final Map<String, String> TRAIN =
      Map.ofEntries(
          Map.entry("--objective", ActorCritic.NAME),
          Map.entry("--agents", "" + ActorCritic.AGENTS),
          Map.entry("--replay", EnumOption.dashed(ActorCritic.REPLAY)),
          Map.entry("--replay-size", "" + ActorCritic.REPLAY_CAPACITY),
          Map.entry("--returns", EnumOption.dashed(ActorCritic.RETURNS)),
          Map.entry("--baseline", EnumOption.dashed(ActorCritic.BASELINE)),
          Map.entry("--rollouts", "" + Jct.ROLLOUTS),
          Map.entry("--horizon", "" + Jct.HORIZON),
          Map.entry("--horizon-growth", "" + Jct.HORIZON_GROWTH),
          Map.entry("--clip", "" + Jct.CLIP),
          Map.entry("--epochs", "" + Jct.EPOCHS),
          Map.entry("--samples", "" + Jct.SAMPLES));
  private static final Map<String, String> TRAIN_SL =
      Map.of("--steps", "" + SupervisedConfig.STEPS, "--lr", "" + SupervisedConfig.LEARNING_RATE);

  @Override
  public String defaultValue(ArgSpec arg) {
    if (!(arg instanceof OptionSpec option)) {
      return null;
    }
    String name = option.longestName();
    Map<String, String> own = "train-sl".equals(arg.command().name()) ? TRAIN_SL : TRAIN;
    return own.getOrDefault(name, SHARED.get(name));
  }
}
