/**
 * The baseline schedulers: DRF, FIFO, SRTF, Tetris, Optimus with the true speed model, Optimus as
 * published ({@code OptimusFitted}, which fits speeds to observed progress), {@code
 * OptimusRemaining} and {@code Tiresias}, each a {@code dl2.slot.Scheduler} with a deterministic
 * tie-break. Their incremental fast paths decide exactly as plain references in the tests. {@code
 * Schedulers} registers every built-in by name with its traits ({@code dl2.registry}), and {@code
 * SchedulerPlugin} adds schedulers from your own jars.
 */
package dl2.schedulers;
