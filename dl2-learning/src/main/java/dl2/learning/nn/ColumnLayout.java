package dl2.learning.nn;

/**
 * Where each window column's features sit in a flat state of {@code window × F} values, for
 * {@link SharedColumns}: the first {@code columnMajorFeatures × window} values are column-major
 * (column c's feature f at c·m + f, e.g. the paper encoding's one-hot types), the rest are
 * feature-major (feature f of column c at offset + f·J + c, the original encoding's rows).
 *
 * @param window J, the number of columns
 * @param columnMajorFeatures m, the leading column-major features per column (0 for the original encoding)
 */
public record ColumnLayout(int window, int columnMajorFeatures) {
  public ColumnLayout {
    if (window < 1 || columnMajorFeatures < 0) {
      throw new IllegalArgumentException("bad column layout: window " + window + ", column-major " + columnMajorFeatures);
    }
  }

  /** F for a flat state of {@code inputSize} values; the state must split evenly into columns. */
  public int featuresPerColumn(int inputSize) {
    if (inputSize % window != 0 || inputSize / window <= columnMajorFeatures) {
      throw new IllegalArgumentException(inputSize + " inputs do not split into " + window + " columns of more than "
          + columnMajorFeatures + " features");
    }
    return inputSize / window;
  }

  /** The flat index of column {@code column}'s feature {@code feature}. */
  public int index(int column, int feature) {
    if (feature < columnMajorFeatures) {
      return column * columnMajorFeatures + feature;
    }
    return window * columnMajorFeatures + (feature - columnMajorFeatures) * window + column;
  }
}
