/**
 * DL2, the learned scheduler, in sub-packages ranked so that each imports only those listed before
 * it: nn (the network library), speeds (speeds fitted to measurements), state (window, encoding,
 * actions), policy (the policy and its decision loop), file (policy files), replay, env (rewards)
 * and run (what every training run is given), then sl (supervised warm-up) and rl.explore
 * (exploration), and last rl (actor-critic training and online fine-tuning). There is no environment object: an RL agent drives its simulator slot
 * by slot and computes the rewards from what the slot's end reports; docs/learning-map.md maps the
 * classes onto the paper.
 *
 * <p>Learning code learns from what a cluster observes: it sees slots through
 * {@code dl2.slot.ObservedSlot}, runs simulations only through {@code SimulatedClusters}, and
 * reaches the simulator's true speeds only in {@code speeds.OracleSpeeds}, behind the rewards
 * named as oracles (the architecture test keeps it so).
 */
package dl2.learning;
