/**
 * JMH benchmarks of the policy network's kernels ({@code NetworkBenchmarks}) and of one slot of
 * DL2's decisions on the fast and the reference path ({@code SlotBenchmarks}). {@code mvn test}
 * compiles them and runs none; docs/performance.md shows how to run them.
 */
package dl2.bench;
