/**
 * Experience replay for reinforcement learning: the {@code Replay} interface, the plain uniform
 * replay over a ring buffer ({@code PlainReplay}, {@code FifoReplay}) and the original's
 * prioritised replay over a {@code SumTree}, with the stored {@code Transition}s and their codec
 * for resume files. All randomness comes from a caller's {@code Rng} and arithmetic runs in a fixed
 * order, so equal seeds give bit-identical batches.
 */
package dl2.learning.replay;
