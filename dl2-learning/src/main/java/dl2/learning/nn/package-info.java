/**
 * A small plain-Java neural-network library for DL2's policy and value networks (dl2-spec §7.6,
 * §7.7, §7.8, §7.12): dense layers, ReLU, the original's affine "batch norm", masked softmax, the
 * column networks ({@code SharedColumns}, {@code PooledEmbeddings}), the SL/RL losses with
 * hand-written gradients, Adam and a versioned checkpoint codec.
 *
 * <p>Training runs in {@code double}; its batch kernels may split their rows over the process-wide
 * {@code KernelThreads}. Acting uses single-precision snapshots ({@code FrozenMlp} for fully
 * connected layers, {@code PooledInference} for pooled embeddings, both on {@code FloatRows}) that
 * agree with the double-precision network to rounding, and {@code PooledExact} settles near-ties
 * exactly. Every element is computed by one thread in a fixed summation order and transcendentals
 * use {@link java.lang.StrictMath}, so equal seeds give bit-identical weights on any JVM, whatever
 * the thread count.
 */
package dl2.learning.nn;
