/**
 * Sweeps of independent shards as one Indexed batch/v1 Job: the Job built from a sweep's spec
 * ({@code SweepJobs}), its run with retries per shard and the shards' outputs read from their pods'
 * logs ({@code IndexedJobSweep}). Knows nothing of what the shards compute.
 */
package dl2.kubernetes.sweep;
