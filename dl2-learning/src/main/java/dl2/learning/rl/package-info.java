/**
 * DL2's actor-critic reinforcement learning (dl2-spec §7.7, §7.11, §7.12). {@code RlTrainer} runs K
 * agents ({@code Agent}: its own environment, training traces, replay, exploration and random
 * streams) and a {@code Learner} that averages their gradients ({@code ActorCriticUpdate}) in agent
 * order and steps Adam, so a synchronous run is bit-identical for a seed and K whatever the thread
 * count; {@code Checkpoints} validates and checkpoints beside training, and {@code ResumeState}
 * lets a run continue bit for bit after a kill.
 *
 * <p>{@code Objective} is the sealed choice of what RL optimises, {@code ActorCritic} (whose knobs
 * {@code RlConfig} pairs with a run budget) or {@code Jct} (the on-policy trainer's); {@code
 * UpdateSettings} and {@code TrainingRecipe} hold the rest (the harness's {@code TrainConfig}
 * builds them); {@code OnlineTuner} fine-tunes a policy on a live cluster from its progress
 * reports, behind a guard that hands the cluster back to a teacher scheduler.
 */
package dl2.learning.rl;
