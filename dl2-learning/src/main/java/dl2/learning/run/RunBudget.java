package dl2.learning.run;

import dl2.lengths.LengthBelief;
import dl2.lengths.LengthPosterior;
import dl2.model.Trace;
import dl2.workload.LengthSetting;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
 * @param lengths what the run's schedulers know of job lengths (docs/job-lengths.md): traces are
 *     trained and validated on as they would be seen, and DL2's state believes the posterior length
 */
public record RunBudget(
    Preset preset,
    long seed,
    int steps,
    int validateEvery,
    int validationTraces,
    int trainingTraces,
    int threads,
    LengthSetting lengths) {
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
    java.util.Objects.requireNonNull(lengths, "a run needs a length setting");
  }

  /** A budget where schedulers read each job's exact length (the paper's setting). */
  public RunBudget(
      Preset preset,
      long seed,
      int steps,
      int validateEvery,
      int validationTraces,
      int trainingTraces,
      int threads) {
    this(
        preset,
        seed,
        steps,
        validateEvery,
        validationTraces,
        trainingTraces,
        threads,
        LengthSetting.EXACT);
  }

  /**
   * The usual validation interval: a tenth of {@code steps}, at least 1 and at most {@code atMost}.
   */
  public static int tenthOf(int steps, int atMost) {
    return Math.max(1, Math.min(atMost, steps / 10));
  }

  /** This budget with {@code count} steps, validated every {@code every}. */
  public RunBudget withSteps(int count, int every) {
    return new RunBudget(
        preset, seed, count, every, validationTraces, trainingTraces, threads, lengths);
  }

  /** Agent {@code agent}'s generated training traces, as the run's schedulers see them. */
  public List<Trace> trainingSet(int agent) {
    return asSeen(
        TraceSets.training(preset, seed, agent, trainingTraces), TraceSet.TRAINING, agent);
  }

  /** The run's validation traces, as its schedulers see them. */
  public List<Trace> validationSet() {
    return asSeen(TraceSets.validation(preset, seed, validationTraces), TraceSet.VALIDATION, 0);
  }

  /**
   * {@code traces} of {@code set} (agent {@code agent}'s) as the run's schedulers see them: trace i
   * with the estimates drawn under its generator seed, as compare draws them; unchanged under exact
   * lengths.
   */
  public List<Trace> asSeen(List<Trace> traces, TraceSet set, int agent) {
    if (lengths.exact()) {
      return traces;
    }
    List<Trace> seen = new ArrayList<>(traces.size());
    for (int i = 0; i < traces.size(); i++) {
      seen.add(lengths.apply(traces.get(i), TraceSets.seed(seed, set, agent, i)));
    }
    return seen;
  }

  /**
   * The length prior DL2's state believes unless lengths are exact: the true lengths of finished
   * training jobs, the estimates weighed by the run's error model (as compare's dl2 believes it).
   */
  public Optional<LengthPosterior> lengthPrior() {
    if (lengths.exact()) {
      return Optional.empty();
    }
    return Optional.of(LengthPosterior.ofPreset(preset, seed, lengths.priorError()));
  }

  /** A fresh belief in {@code prior} (one per scheduler), or the jobs' own lengths without one. */
  public static LengthBelief belief(Optional<LengthPosterior> prior) {
    return prior.map(LengthBelief::posterior).orElse(LengthBelief.AS_GIVEN);
  }
}
