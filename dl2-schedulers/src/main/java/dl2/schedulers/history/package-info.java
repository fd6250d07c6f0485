/**
 * A cluster's memory of earlier runs (docs/heuristics/observed-greedy.md): the observation-only
 * greedy runs the preset's training traces, records the curves it measured from observed progress
 * ({@code SpeedHistory}), and {@code ia-greedy-multistep-history} starts every run with them.
 */
package dl2.schedulers.history;
