package dl2.schedulers.placed;

import dl2.schedulers.OptimusRemaining;
import java.util.function.Supplier;

/**
 * What a {@link MeasuredWorld} adds to plain measurement: a pooled type prior, and the diagnostics'
 * answers from the world (docs/heuristics/observed-greedy.md).
 *
 * @param pooling the pooled prior's knobs; null: none, every job is profiled
 * @param remaining what the scheduler believes a job's remaining epochs are (which jobs are short)
 * @param givenLambda λ told by a diagnostic (NaN: measured)
 * @param interferenceStart x as measurement starts: the prior, or the world's told by a diagnostic
 */
record MeasuredWorldOptions(
    TypePrior.Config pooling,
    OptimusRemaining.RemainingEpochs remaining,
    double givenLambda,
    Supplier<InterferenceEstimate> interferenceStart) {}
