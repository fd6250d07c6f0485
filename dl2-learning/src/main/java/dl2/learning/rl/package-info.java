/**
 * Experience replay for DL2's reinforcement-learning phase (dl2-spec §7.9): the common
 * {@link dl2.learning.replay.Replay} interface, the plain FIFO replay behind it and the original's
 * prioritised replay over a {@link dl2.learning.replay.SumTree}.
 *
 * <p>All randomness comes from a caller-supplied {@link dl2.model.Rng}; arithmetic is plain
 * {@code double} in a fixed order with {@link java.lang.StrictMath} powers, so equal seeds give
 * bit-identical batches on any JVM.
 */
package dl2.learning.rl;
