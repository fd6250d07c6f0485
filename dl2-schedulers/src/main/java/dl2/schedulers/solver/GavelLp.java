package dl2.schedulers.solver;

import java.util.Arrays;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Gavel's LP over time fractions (Narayanan et al., OSDI'20, §3–4), solved with ojAlgo: X[m][k] ∈
 * [0, 1] is the share of time job m runs on GPU type k; Σ_k X[m][k] ≤ 1; each type's GPUs, Σ_m
 * gpus_m·X[m][k] ≤ G_k, and the cluster's cores, Σ_m Σ_k cores_m·X[m][k] ≤ C, hold on average. It
 * maximises z with Σ_k a[m][k]·X[m][k] ≥ z for every job (a job's effective throughput, scaled by
 * the policy: {@link Gavel}). Many X reach the optimum; among them a second LP takes the one of
 * largest Σ_m Σ_k a[m][k]·X[m][k] (z held at its optimum), a deterministic choice where Gavel's
 * interior-point solver returns a central one. Variables are added in job then type order, so the
 * same input gives the same X on every run.
 */
final class GavelLp {
  static {
    QuietSolver.ensure();
  }

  /** Share of z* the second LP must keep: its optimum up to rounding. */
  private static final double KEEP = 1 - 1e-9;

  private GavelLp() {}

  /**
   * {@link #solve} that remembers its last inputs and answer: while the same jobs run at the same
   * measured speeds (max-min fairness), the slots' LPs are one LP, solved once. The answer is the
   * one a new solve gives, since a solve depends on its inputs alone.
   */
  static final class Memo {
    private double[][] a;
    private int[] gpus;
    private int[] cores;
    private int[] gpuCapacity;
    private int coreCapacity;
    private double[][] x;

    double[][] solve(double[][] a, int[] gpus, int[] cores, int[] gpuCapacity, int coreCapacity) {
      if (x == null
          || coreCapacity != this.coreCapacity
          || !Arrays.equals(gpuCapacity, this.gpuCapacity)
          || !Arrays.equals(gpus, this.gpus)
          || !Arrays.equals(cores, this.cores)
          || !Arrays.deepEquals(a, this.a)) {
        this.a = a;
        this.gpus = gpus;
        this.cores = cores;
        this.gpuCapacity = gpuCapacity;
        this.coreCapacity = coreCapacity;
        this.x = GavelLp.solve(a, gpus, cores, gpuCapacity, coreCapacity);
      }
      double[][] copy = new double[x.length][];
      for (int m = 0; m < x.length; m++) {
        copy[m] = x[m].clone();
      }
      return copy;
    }
  }

  /**
   * X for coefficients {@code a} (jobs × types; NaN where job m may not run on type k), each job's
   * GPUs and cores when it runs, and the capacities.
   */
  static double[][] solve(
      double[][] a, int[] gpus, int[] cores, int[] gpuCapacity, int coreCapacity) {
    int jobs = a.length;
    double[][] x = new double[jobs][gpuCapacity.length];
    if (jobs == 0) {
      return x;
    }
    double best = optimum(a, gpus, cores, gpuCapacity, coreCapacity, -1, x);
    optimum(a, gpus, cores, gpuCapacity, coreCapacity, best * KEEP, x);
    return x;
  }

  /**
   * With {@code zAtLeast} negative, maximises z; otherwise maximises Σ a·X with z ≥ zAtLeast.
   * Writes X into {@code x} and returns z.
   */
  private static double optimum(
      double[][] a,
      int[] gpus,
      int[] cores,
      int[] gpuCapacity,
      int coreCapacity,
      double zAtLeast,
      double[][] x) {
    int types = gpuCapacity.length;
    boolean first = zAtLeast < 0;
    ExpressionsBasedModel model = new ExpressionsBasedModel();
    Variable z = model.addVariable("z").lower(first ? 0 : zAtLeast).weight(first ? 1 : 0);
    int[][] index = new int[a.length][types];
    int variables = 1;
    Expression[] gpuUse = new Expression[types];
    for (int k = 0; k < types; k++) {
      gpuUse[k] = model.addExpression("gpus" + k).upper(gpuCapacity[k]);
    }
    Expression coreUse = model.addExpression("cores").upper(coreCapacity);
    for (int m = 0; m < a.length; m++) {
      Expression share = model.addExpression("share" + m).upper(1);
      Expression fair = model.addExpression("z" + m).lower(0).set(z, -1);
      for (int k = 0; k < types; k++) {
        if (Double.isNaN(a[m][k])) {
          continue;
        }
        Variable v = model.addVariable("x" + m + "_" + k).lower(0).upper(1);
        if (!first) {
          v.weight(a[m][k]);
        }
        index[m][k] = variables++;
        share.set(v, 1);
        fair.set(v, a[m][k]);
        gpuUse[k].set(v, gpus[m]);
        coreUse.set(v, cores[m]);
      }
    }
    Optimisation.Result result = model.maximise();
    if (!result.getState().isFeasible()) {
      throw new IllegalStateException("Gavel's LP ended " + result.getState());
    }
    for (int m = 0; m < a.length; m++) {
      for (int k = 0; k < types; k++) {
        x[m][k] = index[m][k] == 0 ? 0 : Math.min(1, Math.max(0, result.doubleValue(index[m][k])));
      }
    }
    return result.doubleValue(0);
  }
}
