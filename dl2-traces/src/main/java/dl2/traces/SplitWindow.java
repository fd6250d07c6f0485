package dl2.traces;

/**
 * One window of a time split: {@code jobs} consecutive jobs of the trace (in arrival order, from
 * the 0-based position {@code start}), all inside {@code split}.
 *
 * @param name {@code <trace>-<split>-<N>j-<index>}, e.g. {@code philly-11cb48-test-200j-3}
 * @param index 0-based within the split
 */
public record SplitWindow(String name, TimeSplit split, int index, int start, int jobs) {}
