package dl2.cli;

import dl2.io.InputException;
import dl2.learning.rl.TrainingRecipe;
import dl2.learning.run.RunBudget;
import dl2.learning.sl.SupervisedConfig;
import dl2.training.TrainConfig;
import dl2.workload.LengthSetting;
import dl2.workload.Preset;
import dl2.workload.Presets;
import picocli.CommandLine.Option;

/**
 * What a training command trains on, its seed and recipe, validation and threads: the "Workload and
 * run" section.
 */
final class RunOptions {
  static final int MAX_VALIDATION_TRACES = 1000;
  static final int MAX_THREADS = 1024;

  @Option(
      names = "--workload",
      paramLabel = "PRESET",
      defaultValue = "paper-large",
      description = "Preset to train on (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--world", paramLabel = "WORLD", description = WorkloadOptions.WORLD_HELP)
  String world;

  @Option(
      names = "--seed",
      paramLabel = "SEED",
      description = "Base seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--recipe",
      paramLabel = "NAME",
      description =
          "Where every default marked \"the recipe's\" comes from: observed (the shipped policies' recipe: "
              + "learnt from what a cluster observes) or paper (the paper's formulation with the original code's "
              + "defaults) (default: ${DEFAULT-VALUE}); the recipes' values are listed at the end.")
  String recipe;

  @Option(
      names = "--validate-every",
      paramLabel = "STEPS",
      description =
          "Steps between validations (default: a tenth of "
              + "the steps, at most "
              + TrainConfig.VALIDATE_EVERY_AT_MOST
              + " for train, "
              + SupervisedConfig.VALIDATE_EVERY_AT_MOST
              + " for train-sl).")
  Integer validateEvery;

  @Option(
      names = "--validation-traces",
      paramLabel = "N",
      description = "Fixed validation traces (default: ${DEFAULT-VALUE}).")
  int validationTraces;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Threads; results do not depend on it (default: the available processors).")
  Integer threads;

  /** The preset {@code name} in the --world asked for. */
  Preset preset(String name) {
    return WorkloadOptions.inWorld(Presets.byName(name), world);
  }

  /** The --recipe the other defaults come from. */
  TrainingRecipe recipe() {
    return TrainingRecipe.byName(recipe)
        .orElseThrow(() -> new InputException("--recipe must be observed or paper: " + recipe));
  }

  int threads() {
    return threads != null ? threads : Runtime.getRuntime().availableProcessors();
  }

  /** Refuses counts the budget cannot hold, in the flags' words. */
  void check() {
    if (validationTraces < 1
        || (validateEvery != null && validateEvery < 1)
        || (threads != null && threads < 1)) {
      throw new InputException(
          "--validation-traces, --validate-every and --threads must be at least 1");
    }
    if (validationTraces > MAX_VALIDATION_TRACES || (threads != null && threads > MAX_THREADS)) {
      throw new InputException(
          "--validation-traces must be at most "
              + MAX_VALIDATION_TRACES
              + " and --threads at most "
              + MAX_THREADS);
    }
  }

  /**
   * {@code steps} steps on {@code preset}, validated every --validate-every or a tenth of them (at
   * most {@code atMost}), its schedulers knowing job lengths as {@code lengths} says.
   */
  RunBudget budget(
      Preset preset, long seed, int steps, String stepsFlag, int atMost, LengthSetting lengths) {
    check();
    if (steps < 1) {
      throw new InputException(stepsFlag + " must be at least 1: " + steps);
    }
    int every = validateEvery != null ? validateEvery : RunBudget.tenthOf(steps, atMost);
    return new RunBudget(
        preset,
        seed,
        steps,
        every,
        validationTraces,
        RunBudget.TRAINING_TRACES,
        threads(),
        lengths);
  }
}
