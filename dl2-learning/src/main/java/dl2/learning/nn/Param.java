package dl2.learning.nn;

import java.util.Arrays;

/** One trainable tensor, stored flat, with its accumulated gradient of the same length. */
public final class Param {
  private final String name;
  private final double[] value;
  private final double[] grad;

  Param(String name, int size) {
    this.name = name;
    this.value = new double[size];
    this.grad = new double[size];
  }

  /** A name such as {@code "layer2.weight"}, stable across runs (used in messages). */
  public String name() {
    return name;
  }

  /** The live values; writes change the network. */
  public double[] value() {
    return value;
  }

  /** The live accumulated gradient; backward passes add to it. */
  public double[] grad() {
    return grad;
  }

  public int size() {
    return value.length;
  }

  public void zeroGrad() {
    Arrays.fill(grad, 0.0);
  }
}
