/**
 * Numeric fitting: {@code Nnls}, Lawson–Hanson non-negative least squares, and {@code WarmNnls},
 * the same solve warm-started from the previous passive set, as the speed fits of the schedulers
 * and of learning call it.
 */
package dl2.fit;
