package dl2.training;

/**
 * The jct objective's own knobs (see {@code dl2.learning.onpolicy.OnPolicyConfig}); the steps,
 * learning rate and entropy are the run's.
 *
 * @param rollouts K, rollouts of the same trace per iteration (8)
 * @param horizon the first iterations' episode length in slots (1000: whole traces on the paper presets)
 * @param horizonGrowth slots added to the episode length per iteration (0)
 * @param clip PPO's ε (0.2)
 * @param epochs passes over an iteration's samples (2)
 * @param minibatch samples per Adam step (1024)
 * @param samples decisions an iteration learns from (16384)
 */
public record OnPolicySettings(int rollouts, int horizon, int horizonGrowth, double clip, int epochs, int minibatch,
    int samples) {
  public static final OnPolicySettings DEFAULTS = new OnPolicySettings(8, 1000, 0, 0.2, 2, 1024, 16384);
}
