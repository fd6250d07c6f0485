package dl2.learning.nn;

import java.util.List;

/**
 * A detached copy of a network's tensors (weights or gradients) in {@link Mlp#params()} order: what
 * agents send to the learner and the learner broadcasts back (dl2-spec §7.11).
 */
public final class ParamSet {
  private final double[][] tensors;

  ParamSet(double[][] tensors) {
    this.tensors = tensors;
  }

  static ParamSet copyOf(List<Param> params, boolean gradients) {
    double[][] t = new double[params.size()][];
    for (int k = 0; k < t.length; k++) {
      Param p = params.get(k);
      t[k] = (gradients ? p.grad() : p.value()).clone();
    }
    return new ParamSet(t);
  }

  public int tensorCount() {
    return tensors.length;
  }

  /** A copy of tensor {@code k}. */
  public double[] tensor(int k) {
    return tensors[k].clone();
  }

  double[] live(int k) {
    return tensors[k];
  }

  /** False if any entry is NaN or infinite (the agent then aborts the step, dl2-spec §7.11). */
  public boolean isFinite() {
    for (double[] t : tensors) {
      for (double v : t) {
        if (!Double.isFinite(v)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The element-wise mean (s₁ + s₂ + … + s_K)/K, summed in list order so that the result does not
   * depend on which agent finished first, only on the agents' order in {@code sets}.
   */
  public static ParamSet average(List<ParamSet> sets) {
    if (sets.isEmpty()) {
      throw new IllegalArgumentException("nothing to average");
    }
    ParamSet first = sets.get(0);
    double[][] sum = new double[first.tensors.length][];
    for (int k = 0; k < sum.length; k++) {
      sum[k] = new double[first.tensors[k].length];
    }
    for (ParamSet set : sets) {
      checkShape(first, set);
      for (int k = 0; k < sum.length; k++) {
        double[] s = sum[k];
        double[] t = set.tensors[k];
        for (int i = 0; i < s.length; i++) {
          s[i] += t[i];
        }
      }
    }
    double count = sets.size();
    for (double[] s : sum) {
      for (int i = 0; i < s.length; i++) {
        s[i] /= count;
      }
    }
    return new ParamSet(sum);
  }

  static void checkShape(ParamSet expected, ParamSet actual) {
    boolean same = expected.tensors.length == actual.tensors.length;
    for (int k = 0; same && k < expected.tensors.length; k++) {
      same = expected.tensors[k].length == actual.tensors[k].length;
    }
    if (!same) {
      throw new IllegalArgumentException("parameter sets have different shapes");
    }
  }
}
