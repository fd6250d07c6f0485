/**
 * DL2, the learned scheduler, in sub-packages ranked so that each imports only those listed before
 * it: nn (the network library), speeds (speeds fitted to measurements), state (window, encodings,
 * actions), policy (the policy and its slot step), file (policy files), replay, env (the
 * environment and the rewards) and run (what every training run is given), then sl (supervised
 * warm-up) and rl.explore (exploration), rl (actor-critic training and online fine-tuning), and
 * last onpolicy (on-policy training on the JCT-aligned reward). Every trainer touches the world
 * through {@code env.SlotEnvironment}, one slot at a time, and every slot is played by {@code
 * policy.PolicyScheduler}, DL2's one slot step; the rewards come from what the slot's end reports.
 * docs/learning-map.md maps the classes onto the paper.
 *
 * <p>Learning code learns from what a cluster observes: it sees slots through {@code
 * dl2.slot.ObservedSlot}, runs simulations only through {@code SimulatedClusters}, and reaches the
 * simulator's true speeds only in {@code speeds.OracleSpeeds}, behind the rewards named as oracles
 * (the architecture test keeps it so).
 */
package dl2.learning;
