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
 * @param columns null for the paper's fully connected layers, else the layout of a
 *     {@link SharedColumns} network (no affine norm; outputSize must be 3J+1)
 */
public record MlpSpec(
    int inputSize, List<Integer> hiddenWidths, boolean affineNorm, int outputSize, ColumnLayout columns) {
  public MlpSpec {
    hiddenWidths = List.copyOf(hiddenWidths);
    if (inputSize <= 0 || outputSize <= 0 || hiddenWidths.stream().anyMatch(w -> w <= 0)) {
      throw new IllegalArgumentException(
          "layer sizes must be positive: "
              + describe(inputSize, hiddenWidths, affineNorm, outputSize));
    }
    if (columns != null) {
      columns.featuresPerColumn(inputSize);
      if (outputSize != 3 * columns.window() + 1 || hiddenWidths.isEmpty() || affineNorm) {
        throw new IllegalArgumentException("a shared-column network needs 3J+1 outputs, a hidden layer and no affine norm: "
            + describe(inputSize, hiddenWidths, affineNorm, outputSize));
      }
    }
  }

  /** A fully connected network (dl2-spec §7.6). */
  public MlpSpec(int inputSize, List<Integer> hiddenWidths, boolean affineNorm, int outputSize) {
    this(inputSize, hiddenWidths, affineNorm, outputSize, null);
  }

  /** {@code depth} hidden layers of equal {@code width}. */
  public static MlpSpec of(int inputSize, int width, int depth, boolean affineNorm, int outputSize) {
    return new MlpSpec(inputSize, Collections.nCopies(depth, width), affineNorm, outputSize);
  }

  /** Total number of trainable scalars. */
  public long parameterCount() {
    if (columns != null) {
      long count = 0;
      int previous = 2 * columns.featuresPerColumn(inputSize) + 1;
      for (int width : hiddenWidths) {
        count += (long) previous * width + width;
        previous = width;
      }
      return count + 3L * previous + 3 + previous + 1;
    }
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
    String flat = describe(inputSize, hiddenWidths, affineNorm, outputSize);
    return columns == null ? flat : flat + " shared over " + columns.window() + " columns";
  }

  private static String describe(int in, List<Integer> widths, boolean norm, int out) {
    StringBuilder s = new StringBuilder().append(in);
    widths.forEach(w -> s.append('-').append(w));
    return s.append('-').append(out).append(norm ? " affine-norm" : " no-norm").toString();
  }
}
