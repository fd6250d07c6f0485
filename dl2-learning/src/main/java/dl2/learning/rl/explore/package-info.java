/**
 * DL2's job-aware exploration during reinforcement learning: after an action is sampled, an {@code
 * Exploration} may replace it to push jobs the policy serves poorly. The modes are the original
 * code's rules, the paper's epsilon rule and none ({@code ExplorationMode}); {@code
 * ExplorationSettings} holds every constant, and the executed-action counts are kept where no mode
 * can forget them ({@code CountingExploration}). Validation never explores.
 */
package dl2.learning.rl.explore;
