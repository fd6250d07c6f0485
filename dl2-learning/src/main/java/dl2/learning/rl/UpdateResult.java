package dl2.learning.rl;

import dl2.learning.nn.ParamSet;

/**
 * One agent's contribution to a learner step: the gradients of both networks (the value gradient is
 * empty without a critic), the TD errors δ = y − V(s) for priority updates, and statistics for the
 * learning curve.
 */
public record UpdateResult(
    ParamSet policyGradient,
    ParamSet valueGradient,
    double[] tdErrors,
    double policyLoss,
    double valueLoss,
    double entropy,
    double meanReward) {}
