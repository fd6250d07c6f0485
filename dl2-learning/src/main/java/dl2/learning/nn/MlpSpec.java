package dl2.learning.nn;

import java.util.Collections;
import java.util.List;

/**
 * The architecture of an {@link Mlp}: each hidden width w adds FC(w) → ReLU → optional affine norm,
 * then a head FC(outputSize) (dl2-spec §7.6); or one of the column networks, whose hidden widths
 * are those of the per-column layers. Written into checkpoints.
 *
 * @param inputSize state length (6J for the original encoding)
 * @param hiddenWidths widths of the hidden layers in order; may be empty for a fully connected
 *     network
 * @param affineNorm whether each hidden layer ends with {@link AffineNorm}
 * @param outputSize 3J+1 for the policy, 1 for the value network
 * @param columns null for the paper's fully connected layers, else the column layout of a column
 *     network (no affine norm; outputSize must be 3J+1)
 * @param kind which layers; FULLY_CONNECTED exactly when {@code columns} is null
 */
public record MlpSpec(
    int inputSize,
    List<Integer> hiddenWidths,
    boolean affineNorm,
    int outputSize,
    ColumnLayout columns,
    NetworkKind kind) {
  public MlpSpec {
    hiddenWidths = List.copyOf(hiddenWidths);
    if (inputSize <= 0 || outputSize <= 0 || hiddenWidths.stream().anyMatch(w -> w <= 0)) {
      throw new IllegalArgumentException(
          "layer sizes must be positive: "
              + describe(inputSize, hiddenWidths, affineNorm, outputSize));
    }
    if ((columns == null) != (kind == NetworkKind.FULLY_CONNECTED)) {
      throw new IllegalArgumentException(
          "a " + kind + " network needs " + (columns == null ? "a" : "no") + " column layout");
    }
    if (columns != null) {
      columns.featuresPerColumn(inputSize);
      if (outputSize != 3 * columns.window() + 1 || hiddenWidths.isEmpty() || affineNorm) {
        throw new IllegalArgumentException(
            "a column network needs 3J+1 outputs, a hidden layer and no affine norm: "
                + describe(inputSize, hiddenWidths, affineNorm, outputSize));
      }
      if (kind == NetworkKind.SHARED_COLUMNS && columns.globalFeatures() > 0) {
        throw new IllegalArgumentException("a shared-column network takes no global features");
      }
    }
  }

  /** A fully connected network (columns null) or a shared-column network (columns given). */
  public MlpSpec(
      int inputSize,
      List<Integer> hiddenWidths,
      boolean affineNorm,
      int outputSize,
      ColumnLayout columns) {
    this(
        inputSize,
        hiddenWidths,
        affineNorm,
        outputSize,
        columns,
        columns == null ? NetworkKind.FULLY_CONNECTED : NetworkKind.SHARED_COLUMNS);
  }

  /** A fully connected network (dl2-spec §7.6). */
  public MlpSpec(int inputSize, List<Integer> hiddenWidths, boolean affineNorm, int outputSize) {
    this(inputSize, hiddenWidths, affineNorm, outputSize, null);
  }

  /** {@code depth} hidden layers of equal {@code width}. */
  public static MlpSpec of(
      int inputSize, int width, int depth, boolean affineNorm, int outputSize) {
    return new MlpSpec(inputSize, Collections.nCopies(depth, width), affineNorm, outputSize);
  }

  /** Total number of trainable scalars. */
  public long parameterCount() {
    return switch (kind) {
      case SHARED_COLUMNS ->
          columnLayers(2 * columns.featuresPerColumn(inputSize) + 1) + 4L * last() + 4;
      case POOLED_EMBEDDINGS -> {
        long e = last();
        long context = e + 1 + columns.globalFeatures();
        // embedding layers; head: job (E×E + E), context (C×E), out (E×3 + 3); stop: C×E + E, E + 1
        yield columnLayers(columns.featuresPerColumn(inputSize))
            + e * e
            + e
            + context * e
            + 3 * e
            + 3
            + context * e
            + e
            + e
            + 1;
      }
      case FULLY_CONNECTED -> {
        long count = 0;
        int previous = inputSize;
        for (int width : hiddenWidths) {
          count += (long) previous * width + width + (affineNorm ? 2L * width : 0L);
          previous = width;
        }
        yield count + (long) previous * outputSize + outputSize;
      }
    };
  }

  private long columnLayers(int firstInput) {
    long count = 0;
    int previous = firstInput;
    for (int width : hiddenWidths) {
      count += (long) previous * width + width;
      previous = width;
    }
    return count;
  }

  private int last() {
    return hiddenWidths.get(hiddenWidths.size() - 1);
  }

  /** E.g. {@code 240-160-160-121 affine-norm}. */
  @Override
  public String toString() {
    String flat = describe(inputSize, hiddenWidths, affineNorm, outputSize);
    return switch (kind) {
      case FULLY_CONNECTED -> flat;
      case SHARED_COLUMNS -> flat + " shared over " + columns.window() + " columns";
      case POOLED_EMBEDDINGS ->
          flat
              + " pooled embeddings over "
              + columns.window()
              + " columns"
              + (columns.globalFeatures() > 0
                  ? " + " + columns.globalFeatures() + " global features"
                  : "");
    };
  }

  private static String describe(int in, List<Integer> widths, boolean norm, int out) {
    StringBuilder s = new StringBuilder().append(in);
    widths.forEach(w -> s.append('-').append(w));
    return s.append('-').append(out).append(norm ? " affine-norm" : " no-norm").toString();
  }
}
