package dl2.learning.onpolicy;

import dl2.workload.Preset;

/**
 * The knobs of on-policy training with the JCT-aligned reward (the "jct" objective), after Decima
 * (Mao et al., SIGCOMM'19): K sampled rollouts of the same trace window per iteration, the
 * input-dependent baseline, no discount, PPO's clipped update, and a curriculum that lengthens
 * the episodes.
 *
 * @param preset the workload and cluster trained on
 * @param seed the base seed of traces, action draws and minibatches
 * @param iterations iterations, each K rollouts then {@code epochs} passes of updates
 * @param rollouts K, rollouts of the same trace per iteration
 * @param horizonStart the first iterations' episode length in slots
 * @param horizonGrowth slots added to the episode length per iteration (the curriculum)
 * @param clip PPO's ε: how far an update may move an action's probability from the rollout's
 * @param epochs passes over an iteration's samples
 * @param minibatch samples per Adam step
 * @param samples decisions an iteration learns from, drawn without replacement from its rollouts' (all if fewer):
 *     a slot's decisions share its advantage, so a sample of them carries nearly all of the signal
 * @param learningRate Adam's step
 * @param entropy the entropy bonus β
 * @param trainingTraces generated training traces cycled through
 * @param validateEvery iterations between validations and checkpoints (and after the last)
 * @param validationTraces validation traces that pick the best checkpoint
 * @param threads threads for rollouts, kernels and validation; results do not depend on it
 */
public record OnPolicyConfig(Preset preset, long seed, int iterations, int rollouts, int horizonStart, int horizonGrowth,
    double clip, int epochs, int minibatch, int samples, double learningRate, double entropy, int trainingTraces, int validateEvery,
    int validationTraces, int threads) {
  /** The reward's name as policy files and summaries record it. */
  public static final String REWARD = "jct-outstanding";

  public OnPolicyConfig {
    if (iterations < 1 || rollouts < 2 || horizonStart < 1 || horizonGrowth < 0 || !(clip > 0) || epochs < 1 || minibatch < 1 || samples < 1
        || !(learningRate > 0) || !(entropy >= 0) || trainingTraces < 1 || validateEvery < 1 || validationTraces < 1
        || threads < 1) {
      throw new IllegalArgumentException("invalid on-policy settings: " + this);
    }
  }

  /** The episode length of iteration {@code i} (from 1). */
  int horizon(int i) {
    long length = horizonStart + (long) horizonGrowth * (i - 1);
    return (int) Math.min(Integer.MAX_VALUE, length);
  }
}
