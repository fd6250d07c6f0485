package dl2.evaluation;

import dl2.model.Trace;
import java.util.OptionalLong;

/**
 * Trace {@code index} of an evaluation, with the seed it was generated from (empty for a trace file
 * or a trace given in memory).
 */
public record TraceInput(int index, Trace trace, OptionalLong generatorSeed) {}
