package dl2.schedulers.solver;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

class SiaIlpTest {
  /**
   * Two jobs, two types F and S of 2 GPUs each, configurations (F,1), (F,2), (S,1), (S,2), one GPU
   * per worker. Job A's goodputs are 3, 5.4, 1, 1.8 (it gains 3× on F), B's 1.2, 2.3, 1, 1.9 (it
   * barely gains). Sia's value 1.1 − (G/G_min)^−0.5, G_min = 1, rounded to 3 places: A 0.523,
   * 0.670, 0.100, 0.355; B 0.187, 0.441, 0.100, 0.375. Both cannot take 2 F GPUs; the best pairs
   * are A (F,2) + B (S,2) = 1.045, A (F,1) + B (S,2) = 0.898, A (S,2) + B (F,2) = 0.796, A (F,2) +
   * B (S,1) = 0.770: A gets both F GPUs and B both S GPUs.
   */
  @Test
  void theJobThatGainsMoreGetsTheFastType() {
    int[][] type = {{0, 0, 1, 1}, {0, 0, 1, 1}};
    int[][] gpus = {{1, 2, 1, 2}, {1, 2, 1, 2}};
    int[][] cores = {{4, 8, 4, 8}, {4, 8, 4, 8}};
    double[][] value = {{0.523, 0.670, 0.100, 0.355}, {0.187, 0.441, 0.100, 0.375}};

    int[] chosen = SiaIlp.solve(value, type, gpus, cores, new int[] {2, 2}, 100);

    assertThat(chosen).containsExactly(1, 3);
  }

  /** With 8 cores in all, only one 8-core configuration fits: A's (F,2), the largest value. */
  @Test
  void coresLeaveAJobOut() {
    int[][] type = {{0, 1}, {0, 1}};
    int[][] gpus = {{2, 2}, {2, 2}};
    int[][] cores = {{8, 8}, {8, 8}};
    double[][] value = {{0.670, 0.355}, {0.441, 0.375}};

    int[] chosen = SiaIlp.solve(value, type, gpus, cores, new int[] {2, 2}, 8);

    assertThat(chosen).containsExactly(0, -1);
  }

  /**
   * Seeded random small instances: the ILP's choice fits every type's GPUs and the cores, repeats
   * exactly, and is worth as much as the best choice found by trying every combination.
   */
  @Test
  void randomInstancesMatchExhaustiveSearch() {
    Rng rng = new Rng(3141);
    for (int instance = 0; instance < 150; instance++) {
      int jobs = 1 + rng.nextInt(4);
      int types = 1 + rng.nextInt(3);
      double[][] value = new double[jobs][];
      int[][] type = new int[jobs][];
      int[][] gpus = new int[jobs][];
      int[][] cores = new int[jobs][];
      for (int m = 0; m < jobs; m++) {
        int configs = rng.nextInt(5);
        value[m] = new double[configs];
        type[m] = new int[configs];
        gpus[m] = new int[configs];
        cores[m] = new int[configs];
        for (int c = 0; c < configs; c++) {
          value[m][c] = rng.nextDouble() * 1.2 - 0.1;
          boolean anyType = rng.nextInt(5) == 0;
          type[m][c] = anyType ? TypedAllocation.ANY_TYPE : rng.nextInt(types);
          gpus[m][c] = anyType ? 0 : 1 + rng.nextInt(4);
          cores[m][c] = 2 + 2 * rng.nextInt(6);
        }
      }
      int[] capacity = new int[types];
      for (int k = 0; k < types; k++) {
        capacity[k] = 1 + rng.nextInt(6);
      }
      int coreCapacity = 2 + rng.nextInt(30);

      int[] chosen = SiaIlp.solve(value, type, gpus, cores, capacity, coreCapacity);

      assertThat(SiaIlp.solve(value, type, gpus, cores, capacity, coreCapacity))
          .containsExactly(chosen);
      assertThat(fits(chosen, type, gpus, cores, capacity, coreCapacity)).isTrue();
      double best = best(new int[jobs], 0, value, type, gpus, cores, capacity, coreCapacity);
      assertThat(worth(chosen, value))
          .isCloseTo(best, org.assertj.core.api.Assertions.within(1e-9));
    }
  }

  private static double best(
      int[] choice,
      int m,
      double[][] value,
      int[][] type,
      int[][] gpus,
      int[][] cores,
      int[] capacity,
      int coreCapacity) {
    if (m == choice.length) {
      return fits(choice, type, gpus, cores, capacity, coreCapacity)
          ? worth(choice, value)
          : Double.NEGATIVE_INFINITY;
    }
    double best = Double.NEGATIVE_INFINITY;
    for (int c = -1; c < value[m].length; c++) {
      choice[m] = c;
      best = Math.max(best, best(choice, m + 1, value, type, gpus, cores, capacity, coreCapacity));
    }
    return best;
  }

  private static boolean fits(
      int[] choice, int[][] type, int[][] gpus, int[][] cores, int[] capacity, int coreCapacity) {
    int[] used = new int[capacity.length];
    int coreUse = 0;
    for (int m = 0; m < choice.length; m++) {
      int c = choice[m];
      if (c < 0) {
        continue;
      }
      if (type[m][c] != TypedAllocation.ANY_TYPE) {
        used[type[m][c]] += gpus[m][c];
      }
      coreUse += cores[m][c];
    }
    for (int k = 0; k < capacity.length; k++) {
      if (used[k] > capacity[k]) {
        return false;
      }
    }
    return coreUse <= coreCapacity;
  }

  private static double worth(int[] choice, double[][] value) {
    double sum = 0;
    for (int m = 0; m < choice.length; m++) {
      if (choice[m] >= 0) {
        sum += value[m][choice[m]];
      }
    }
    return sum;
  }
}
