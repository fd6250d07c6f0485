/**
 * The rollout planner ({@code RolloutPlanner}; Bertsekas, Tsitsiklis and Wu, 1997): each slot it
 * plays a few candidate allocations ({@code RolloutCandidate}) forward in a light model of the
 * cluster ({@code RolloutModel}, {@code ModelCluster}) under optimus-remaining and keeps the best.
 * Not to be confused with {@code dl2.learning.onpolicy.Rollout}, one sampled trajectory.
 */
package dl2.schedulers.rollout;
