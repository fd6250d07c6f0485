package dl2.learning.nn;

/**
 * Where each window column's features sit in a flat state of {@code window × F + G} values, for the
 * column networks ({@link SharedColumns}, {@link PooledEmbeddings}): the first {@code
 * columnMajorFeatures × window} values are column-major (column c's feature f at c·m + f, e.g. the
 * paper encoding's one-hot types), the next {@code (F − m) × window} are feature-major (feature f
 * of column c at offset + f·J + c, the original encoding's rows), and the last {@code
 * globalFeatures} values describe the cluster rather than one column. A column whose features are
 * all 0 is empty.
 *
 * @param window J, the number of columns
 * @param columnMajorFeatures m, the leading column-major features per column (0 for the original
 *     encoding)
 * @param globalFeatures G, the features after the columns (0 for the paper's encodings)
 */
public record ColumnLayout(int window, int columnMajorFeatures, int globalFeatures) {
  public ColumnLayout {
    if (window < 1 || columnMajorFeatures < 0 || globalFeatures < 0) {
      throw new IllegalArgumentException(
          "bad column layout: window "
              + window
              + ", column-major "
              + columnMajorFeatures
              + ", global "
              + globalFeatures);
    }
  }

  /** A layout without global features. */
  public ColumnLayout(int window, int columnMajorFeatures) {
    this(window, columnMajorFeatures, 0);
  }

  /**
   * F for a flat state of {@code inputSize} values; the state must split evenly into columns plus
   * G.
   */
  public int featuresPerColumn(int inputSize) {
    int perColumns = inputSize - globalFeatures;
    if (perColumns <= 0 || perColumns % window != 0 || perColumns / window <= columnMajorFeatures) {
      throw new IllegalArgumentException(
          inputSize
              + " inputs do not split into "
              + window
              + " columns of more than "
              + columnMajorFeatures
              + " features plus "
              + globalFeatures
              + " global features");
    }
    return perColumns / window;
  }

  /** The flat index of column {@code column}'s feature {@code feature}. */
  public int index(int column, int feature) {
    if (feature < columnMajorFeatures) {
      return column * columnMajorFeatures + feature;
    }
    return window * columnMajorFeatures + (feature - columnMajorFeatures) * window + column;
  }

  /**
   * The flat index of global feature {@code g} when columns hold {@code featuresPerColumn} features
   * each.
   */
  public int globalIndex(int featuresPerColumn, int g) {
    return window * featuresPerColumn + g;
  }
}
