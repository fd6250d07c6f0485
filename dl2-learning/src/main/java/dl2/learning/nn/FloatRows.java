package dl2.learning.nn;

/**
 * Single-precision weights for inference, one array per input row: HotSpot's C2 vectorises {@code
 * y[j] += x·row[j]} over such arrays, and floats fill twice as many vector lanes as doubles.
 */
final class FloatRows {
  private FloatRows() {}

  /** The {@code in × out} input-major weights {@code w} as float rows. */
  static float[][] of(double[] w, int in, int out) {
    float[][] rows = new float[in][out];
    for (int i = 0; i < in; i++) {
      for (int j = 0; j < out; j++) {
        rows[i][j] = (float) w[i * out + j];
      }
    }
    return rows;
  }

  static float[] of(double[] values) {
    float[] f = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      f[i] = (float) values[i];
    }
    return f;
  }

  /**
   * y += x·W over W's input rows in pairs, skipping pairs of zeros: half the loads and stores of y.
   */
  static void accumulate(float[][] rows, float[] x, float[] y) {
    int n = y.length;
    int i = 0;
    for (; i + 1 < rows.length; i += 2) {
      float xi = x[i];
      float xk = x[i + 1];
      if (xi == 0f && xk == 0f) {
        continue;
      }
      float[] row = rows[i];
      float[] next = rows[i + 1];
      for (int j = 0; j < n; j++) {
        y[j] += xi * row[j] + xk * next[j];
      }
    }
    if (i < rows.length && x[i] != 0f) {
      float xi = x[i];
      float[] row = rows[i];
      for (int j = 0; j < n; j++) {
        y[j] += xi * row[j];
      }
    }
  }
}
