package dl2.learning.onpolicy;

import dl2.learning.rl.Jct;
import dl2.learning.run.RunBudget;

/**
 * An on-policy training run with the JCT-aligned reward (the "jct" objective): its budget, whose
 * steps count iterations, and the objective's knobs.
 *
 * @param budget the preset, seed, iterations, validation, training traces and threads
 * @param jct rollouts, curriculum, clipped update, learning rate and entropy
 */
public record OnPolicyConfig(RunBudget budget, Jct jct) {}
