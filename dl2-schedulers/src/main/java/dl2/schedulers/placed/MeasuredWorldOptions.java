package dl2.schedulers.placed;

import dl2.schedulers.OptimusRemaining;
import java.util.function.Supplier;

/**
 * What a {@link MeasuredWorld} adds to plain measurement: a pooled type prior, the curves of
 * earlier runs it starts from, and the diagnostics' answers from the world
 * (docs/heuristics/observed-greedy.md).
 *
 * @param pooling the pooled prior's knobs; null: none, every job is profiled
 * @param history curves measured in earlier runs, members of the pools from the first slot
 * @param remaining what the scheduler believes a job's remaining epochs are (which jobs are short)
 * @param givenLambda λ told by a diagnostic (NaN: measured)
 * @param interferenceStart x as measurement starts: the prior, or the world's told by a diagnostic
 */
record MeasuredWorldOptions(
    TypePrior.Config pooling,
    SpeedHistory history,
    OptimusRemaining.RemainingEpochs remaining,
    double givenLambda,
    Supplier<InterferenceEstimate> interferenceStart) {
  /** Plain measurement: no pooled prior, no history, nothing told. */
  static MeasuredWorldOptions plain() {
    return new MeasuredWorldOptions(
        null,
        new SpeedHistory(),
        OptimusRemaining.ON_THE_ESTIMATE,
        Double.NaN,
        InterferenceEstimate::new);
  }

  MeasuredWorldOptions withPooling(TypePrior.Config newPooling) {
    return new MeasuredWorldOptions(newPooling, history, remaining, givenLambda, interferenceStart);
  }

  MeasuredWorldOptions withHistory(SpeedHistory newHistory) {
    return new MeasuredWorldOptions(pooling, newHistory, remaining, givenLambda, interferenceStart);
  }

  MeasuredWorldOptions withRemaining(OptimusRemaining.RemainingEpochs newRemaining) {
    return new MeasuredWorldOptions(pooling, history, newRemaining, givenLambda, interferenceStart);
  }

  MeasuredWorldOptions withLambda(double lambda) {
    return new MeasuredWorldOptions(pooling, history, remaining, lambda, interferenceStart);
  }

  MeasuredWorldOptions withInterference(Supplier<InterferenceEstimate> start) {
    return new MeasuredWorldOptions(pooling, history, remaining, givenLambda, start);
  }
}
