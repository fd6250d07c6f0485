/**
 * The shard model that every sharded run shares: {@code Shard}, one of N slices ({@code --shard
 * I/N}); {@code ShardBalance}, which deals pieces of unequal cost to N shards; {@code ShardResult},
 * a shard's output file; and {@code ShardOutput}, how a shard hands its output to the command that
 * merges it. Train sweeps ({@code dl2.training.TrainSweep}) and sharded experiments ({@code
 * dl2.experiment.ShardedExperiment}, whose work units encode the studies' results) cut their work
 * with it; {@code dl2.kubernetes.sweep} runs the shards as one Indexed Job.
 */
package dl2.shard;
