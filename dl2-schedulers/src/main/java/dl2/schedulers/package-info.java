/**
 * The baseline schedulers: DRF, FIFO, SRTF, Optimus with the true speed model, Optimus as published
 * ({@code OptimusFitted}, which fits speeds to observed progress), {@code OptimusRemaining} and
 * {@code Tiresias}, each a {@code dl2.slot.Scheduler} with a deterministic tie-break; the Optimus
 * family shares one marginal-gain loop ({@code GreedyFill}). Their incremental fast paths decide
 * exactly as plain references in the tests. {@code SchedulerPlugin} adds schedulers from your own
 * jars. The larger families have their own packages: {@code tetris}, {@code placed} (the
 * interference-aware greedy), {@code rollout} (the rollout planner), and {@code registry}, which
 * registers every built-in by name with its traits ({@code dl2.registry}).
 */
package dl2.schedulers;
