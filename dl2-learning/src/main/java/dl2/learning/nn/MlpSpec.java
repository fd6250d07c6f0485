package dl2.learning.nn;

import java.util.Collections;
import java.util.List;

/**
 * The architecture of an {@link Mlp}: each hidden width w adds FC(w) → ReLU → optional affine
 * norm, then a head FC(outputSize) (dl2-spec §7.6). Written into checkpoints.
 *
 * @param inputSize state length (6J for the original encoding)
 * @param hiddenWidths widths of the hidden layers in order; may be empty
 * @param affineNorm whether each hidden layer ends with {@link AffineNorm}
 * @param outputSize 3J+1 for the policy, 1 for the value network
 */
public record MlpSpec(
    int inputSize, List<Integer> hiddenWidths, boolean affineNorm, int outputSize) {
  public MlpSpec {
    hiddenWidths = List.copyOf(hiddenWidths);
    if (inputSize <= 0 || outputSize <= 0 || hiddenWidths.stream().anyMatch(w -> w <= 0)) {
      throw new IllegalArgumentException(
          "layer sizes must be positive: "
              + describe(inputSize, hiddenWidths, affineNorm, outputSize));
    }
  }

  /** {@code depth} hidden layers of equal {@code width}. */
  public static MlpSpec of(int inputSize, int width, int depth, boolean affineNorm, int outputSize) {
    return new MlpSpec(inputSize, Collections.nCopies(depth, width), affineNorm, outputSize);
  }

  /** Total number of trainable scalars. */
  public long parameterCount() {
    long count = 0;
    int previous = inputSize;
    for (int width : hiddenWidths) {
      count += (long) previous * width + width + (affineNorm ? 2L * width : 0L);
      previous = width;
    }
    return count + (long) previous * outputSize + outputSize;
  }

  /** E.g. {@code 240-160-160-121 affine-norm}. */
  @Override
  public String toString() {
    return describe(inputSize, hiddenWidths, affineNorm, outputSize);
  }

  private static String describe(int in, List<Integer> widths, boolean norm, int out) {
    StringBuilder s = new StringBuilder().append(in);
    widths.forEach(w -> s.append('-').append(w));
    return s.append('-').append(out).append(norm ? " affine-norm" : " no-norm").toString();
  }
}
