package dl2.learning.run;

import dl2.workload.Preset;

/**
 * What a training run is given, whatever it trains (after Stable-Baselines3's base algorithm): the
 * workload, the seed, the steps, how often and on how many traces it validates, how many traces it
 * trains on, and its threads. The warm-up's, the actor-critic's and the on-policy trainer's
 * settings each hold one.
 *
 * @param preset the workload and cluster trained and validated on
 * @param seed the base seed of traces, initial weights, sampling and exploration
 * @param steps learner steps (the on-policy trainer's iterations)
 * @param validateEvery steps between validations and checkpoints; the last step validates too
 * @param validationTraces fixed validation traces that pick the best checkpoint
 * @param trainingTraces generated training traces (per agent where there are several)
 * @param threads threads for agents, rollouts, kernels and validation; results do not depend on it
 */
public record RunBudget(
    Preset preset,
    long seed,
    int steps,
    int validateEvery,
    int validationTraces,
    int trainingTraces,
    int threads) {
  /** Generated training traces, unless a study says otherwise. */
  public static final int TRAINING_TRACES = 100;

  /** Validation traces, unless the command line says otherwise. */
  public static final int VALIDATION_TRACES = 10;

  /** Each count must be positive; a bad one is an IllegalArgumentException naming it. */
  public RunBudget {
    if (steps < 1) {
      throw new IllegalArgumentException("steps must be at least 1: " + steps);
    }
    if (validateEvery < 1) {
      throw new IllegalArgumentException("validateEvery must be at least 1: " + validateEvery);
    }
    if (validationTraces < 1) {
      throw new IllegalArgumentException(
          "validationTraces must be at least 1: " + validationTraces);
    }
    if (trainingTraces < 1) {
      throw new IllegalArgumentException("trainingTraces must be at least 1: " + trainingTraces);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1: " + threads);
    }
  }

  /**
   * The usual validation interval: a tenth of {@code steps}, at least 1 and at most {@code atMost}.
   */
  public static int tenthOf(int steps, int atMost) {
    return Math.max(1, Math.min(atMost, steps / 10));
  }

  /** This budget with {@code count} steps, validated every {@code every}. */
  public RunBudget withSteps(int count, int every) {
    return new RunBudget(preset, seed, count, every, validationTraces, trainingTraces, threads);
  }
}
