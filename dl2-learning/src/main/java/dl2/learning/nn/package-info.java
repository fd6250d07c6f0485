/**
 * A small plain-Java neural-network library for DL2's policy and value networks (dl2-spec §7.6,
 * §7.7, §7.8, §7.12): dense layers, ReLU, the original's affine "batch norm", masked softmax,
 * the SL/RL losses with hand-written gradients, Adam and a versioned checkpoint codec.
 *
 * <p>Everything is {@code double} and single-threaded with a fixed summation order, so equal
 * seeds give bit-identical weights on any JVM. Transcendentals use {@link java.lang.StrictMath}.
 */
package dl2.learning.nn;
