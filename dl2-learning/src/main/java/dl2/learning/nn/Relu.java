package dl2.learning.nn;

import java.util.List;

/** y = max(x, 0); the gradient at exactly 0 is taken as 0. */
public final class Relu implements Layer {
  private final int size;

  public Relu(int size) {
    this.size = size;
  }

  @Override
  public int inputSize() {
    return size;
  }

  @Override
  public int outputSize() {
    return size;
  }

  @Override
  public void forward(double[] x, double[] y) {
    for (int j = 0; j < size; j++) {
      y[j] = x[j] > 0.0 ? x[j] : 0.0;
    }
  }

  @Override
  public void backward(double[] x, double[] y, double[] dy, double[] dx) {
    if (dx == null) {
      return;
    }
    for (int j = 0; j < size; j++) {
      dx[j] = x[j] > 0.0 ? dy[j] : 0.0;
    }
  }

  @Override
  public List<Param> params() {
    return List.of();
  }
}
