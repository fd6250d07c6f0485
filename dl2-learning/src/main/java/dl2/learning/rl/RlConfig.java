package dl2.learning.rl;

import dl2.learning.run.RunBudget;

/**
 * An actor-critic training run (dl2-spec §7, §9.1): its budget and the objective's knobs.
 *
 * @param budget the preset, seed, steps, validation, training traces and threads
 * @param actorCritic agents, optimiser, replay, exploration, update and reward
 */
public record RlConfig(RunBudget budget, ActorCritic actorCritic) {}
