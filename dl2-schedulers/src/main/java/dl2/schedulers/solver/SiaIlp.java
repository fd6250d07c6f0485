package dl2.schedulers.solver;

import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.ojalgo.optimisation.integer.IntegerStrategy;

/**
 * Sia's per-round ILP (Jayaram Subramanya et al., SOSP'23, §4), solved with ojAlgo's branch and
 * bound on one thread: binary y[m][c] chooses at most one configuration c per job m, within each
 * GPU type's GPUs and the cluster's cores, maximising Σ value[m][c]·y[m][c]. Variables are added in
 * job then configuration order and the search runs on one thread, so the same input gives the same
 * choice on every run.
 */
final class SiaIlp {
  static {
    QuietSolver.ensure();
  }

  private SiaIlp() {}

  /**
   * Per job, the index of its chosen configuration or −1. {@code value}, {@code type} (a GPU type
   * index, or {@link TypedAllocation#ANY_TYPE}), {@code gpus} and {@code cores} are jobs ×
   * configurations; a job may have none.
   */
  static int[] solve(
      double[][] value,
      int[][] type,
      int[][] gpus,
      int[][] cores,
      int[] gpuCapacity,
      int coreCapacity) {
    int jobs = value.length;
    int[] chosen = new int[jobs];
    java.util.Arrays.fill(chosen, -1);
    if (jobs == 0) {
      return chosen;
    }
    ExpressionsBasedModel model = new ExpressionsBasedModel();
    Expression[] gpuUse = new Expression[gpuCapacity.length];
    for (int k = 0; k < gpuCapacity.length; k++) {
      gpuUse[k] = model.addExpression("gpus" + k).upper(gpuCapacity[k]);
    }
    Expression coreUse = model.addExpression("cores").upper(coreCapacity);
    int[][] index = new int[jobs][];
    int variables = 0;
    for (int m = 0; m < jobs; m++) {
      index[m] = new int[value[m].length];
      Expression one = model.addExpression("one" + m).upper(1);
      for (int c = 0; c < value[m].length; c++) {
        Variable y = model.addVariable("y" + m + "_" + c).binary().weight(value[m][c]);
        index[m][c] = variables++;
        one.set(y, 1);
        if (type[m][c] != TypedAllocation.ANY_TYPE) {
          gpuUse[type[m][c]].set(y, gpus[m][c]);
        }
        coreUse.set(y, cores[m][c]);
      }
    }
    model.options.integer(
        IntegerStrategy.DEFAULT.withParallelism(() -> 1)); // one thread, one order
    Optimisation.Result result = model.maximise();
    if (!result.getState().isFeasible()) {
      throw new IllegalStateException("Sia's ILP ended " + result.getState());
    }
    for (int m = 0; m < jobs; m++) {
      for (int c = 0; c < value[m].length; c++) {
        if (result.doubleValue(index[m][c]) > 0.5) {
          chosen[m] = c;
        }
      }
    }
    return chosen;
  }
}
