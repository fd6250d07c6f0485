/**
 * What a decision is rewarded with: {@code RewardMode} (the paper's slot reward, the per-job and
 * uncompleted-jobs ablations, and the project's marginal rewards, observed or named as oracles),
 * {@code MarginalReward}, which credits each decision with what its task adds to its job's speed,
 * and {@code MarginalValue}, the unit it is valued in. There is no environment object: a training
 * agent drives the simulator slot by slot itself (see docs/learning-map.md).
 */
package dl2.learning.env;
