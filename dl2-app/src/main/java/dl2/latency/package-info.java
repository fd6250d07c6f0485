/**
 * DL2's decision latency, measured as {@code dl2 bench-policy} reports it: {@code PolicyLatency}
 * schedules real traces greedily on the fast path and on the reference path in turn and times
 * decisions, slots and network passes, and {@code LatencyReport} holds the result. A benchmark, not
 * a test: its numbers depend on the machine.
 */
package dl2.latency;
