/**
 * The domain: job types and their per-task demands, job specs, traces, the cluster, tasks and
 * completed jobs ({@code JobResult}, with the one JCT rule). {@code Rng} is dl2's one random
 * generator, and {@code SeedStream} names every random stream once, with the number that makes it
 * part of every result's identity. The domain types are immutable values; nothing here knows how a
 * slot runs.
 */
package dl2.model;
