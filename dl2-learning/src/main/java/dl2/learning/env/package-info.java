/**
 * DL2's environment and rewards. {@code SlotEnvironment} is a simulated cluster seen as the policy
 * sees a live one, the trainers' one way to touch the world: each {@code step} plays one slot with
 * a scheduler (DL2's slot step, or a teacher's) and returns what the cluster observed of it, under
 * the run's {@code RunPlacement}. What a decision is rewarded with: {@code RewardMode} (the paper's
 * slot reward, the per-job and uncompleted-jobs ablations, and the project's marginal rewards,
 * observed or named as oracles), one {@code DecisionReward} strategy per mode, {@code
 * MarginalReward}, which credits each decision with what its task adds to its job's speed, {@code
 * PlacedMarginals}, which values it where the action's node kind puts the task by the measured
 * world {@code ia-greedy} schedules by, {@code MarginalValue}, the unit it is valued in, and {@code
 * RewardName}, how files name a reward.
 */
package dl2.learning.env;
