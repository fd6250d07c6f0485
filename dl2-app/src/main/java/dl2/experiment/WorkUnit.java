package dl2.experiment;

import dl2.learning.file.PolicyFile;
import java.util.List;

/**
 * One independent piece of an experiment's work: a scheduler's or a policy's evaluation on one
 * setting's traces, a training run with its test evaluations, or a warm-up. A sharded experiment
 * runs each unit in one shard; a unit that starts from or evaluates another unit's policy runs in
 * that unit's shard.
 *
 * @param key names the unit in the experiment, the same in every shard and at the merge
 * @param what what it computes, in words: the merge checks that a shard's result answers the same
 *     question
 * @param cost a rough estimate of its work, only to balance the shards (never part of a result)
 * @param inputs the policies it starts from or evaluates
 * @param codec how its result is written into a shard's output and read back
 * @param mergeMayCompute whether the merge computes it when no shard did (a study that reads local
 *     input files)
 */
record WorkUnit<T>(
    String key,
    String what,
    double cost,
    List<PolicyFile> inputs,
    UnitCodec<T> codec,
    boolean mergeMayCompute) {
  /**
   * What one baseline's simulation of one job of one trace costs, roughly: the unit of {@link
   * #cost}.
   */
  static final double JOB_TRACE = 1;

  /** A policy decides slower than a baseline. */
  static final double POLICY_FACTOR = 5;

  /** One RL learner step (a batch of 256 decisions, forward and backward), in job-traces. */
  static final double RL_STEP = 100;

  /** One supervised warm-up step. */
  static final double SL_STEP = 50;

  WorkUnit {
    inputs = List.copyOf(inputs);
  }

  /** The cost of evaluating on {@code jobTraces} jobs summed over the traces. */
  static double evaluationCost(int jobTraces, boolean policy) {
    return jobTraces * JOB_TRACE * (policy ? POLICY_FACTOR : 1);
  }
}
