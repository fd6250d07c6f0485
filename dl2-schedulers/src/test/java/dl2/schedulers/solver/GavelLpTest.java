package dl2.schedulers.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

class GavelLpTest {
  /** The second LP keeps z within 10⁻⁹ of its optimum, so X may move by about as much. */
  private static final double EXACT = 1e-7;

  /**
   * Gavel's motivating case: job A runs 4 epochs per slot on the fast type F and 1 on the slow type
   * S; job B 2 and 1. One GPU of each type, each job takes one. Max-min: if A holds F a share f and
   * S the rest, B the reverse, A = 1 + 3f and B = 2 − f, equal at f = 1/4, z = 1.75. No X does
   * better: 1/4·A + 3/4·B = xAF + xAS/4 + 3/2·xBF + 3/4·xBS ≤ 1·(F's capacity) + 1/4·(S's) +
   * 1/2·(B's row) = 1.75. With those weights positive, A = B = 1.75, F and S are full and B runs
   * all the time, which leaves one X: A 1/4 on F and 3/4 on S, B 3/4 on F and 1/4 on S.
   */
  @Test
  void maxMinGivesTheFastTypeMostlyToTheJobThatGainsLess() {
    double[][] x =
        GavelLp.solve(
            new double[][] {{4, 1}, {2, 1}},
            new int[] {1, 1},
            new int[] {4, 4},
            new int[] {1, 1},
            100);

    assertThat(x[0][0]).isCloseTo(0.25, within(EXACT));
    assertThat(x[0][1]).isCloseTo(0.75, within(EXACT));
    assertThat(x[1][0]).isCloseTo(0.75, within(EXACT));
    assertThat(x[1][1]).isCloseTo(0.25, within(EXACT));
  }

  /**
   * Two identical jobs (2 on F, 1 on S) share both types: the throughput of both together is at
   * most 2·1 + 1·1 = 3, so z ≤ 1.5, reached only with both types full and each job running all the
   * time, half on each type.
   */
  @Test
  void identicalJobsShareEveryTypeEqually() {
    double[][] x =
        GavelLp.solve(
            new double[][] {{2, 1}, {2, 1}},
            new int[] {1, 1},
            new int[] {4, 4},
            new int[] {1, 1},
            100);

    for (double[] row : x) {
      assertThat(row[0]).isCloseTo(0.5, within(EXACT));
      assertThat(row[1]).isCloseTo(0.5, within(EXACT));
    }
  }

  /**
   * The cluster's cores bind too: 8 cores and two jobs of 8 cores each can run together only half
   * the time, so with GPUs to spare each runs half the time on F (its faster type).
   */
  @Test
  void coresBindLikeGpus() {
    double[][] x =
        GavelLp.solve(
            new double[][] {{2, 1}, {2, 1}},
            new int[] {1, 1},
            new int[] {8, 8},
            new int[] {4, 4},
            8);

    for (double[] row : x) {
      assertThat(row[0]).isCloseTo(0.5, within(EXACT));
      assertThat(row[1]).isCloseTo(0, within(EXACT));
    }
  }

  /**
   * Seeded random instances: X stays within every capacity and every job's time, and solving the
   * same input twice gives the same X bit for bit.
   */
  @Test
  void randomInstancesStayWithinCapacityAndRepeatExactly() {
    Rng rng = new Rng(20260);
    for (int instance = 0; instance < 200; instance++) {
      int jobs = 1 + rng.nextInt(12);
      int types = 1 + rng.nextInt(3);
      double[][] a = new double[jobs][types];
      int[] gpus = new int[jobs];
      int[] cores = new int[jobs];
      for (int m = 0; m < jobs; m++) {
        gpus[m] = rng.nextInt(4);
        cores[m] = 2 + 2 * rng.nextInt(4);
        for (int k = 0; k < types; k++) {
          a[m][k] = gpus[m] == 0 && k > 0 ? Double.NaN : 0.1 + rng.nextDouble() * 5;
        }
      }
      int[] capacity = new int[types];
      for (int k = 0; k < types; k++) {
        capacity[k] = 1 + rng.nextInt(8);
      }
      int coreCapacity = 4 + rng.nextInt(40);

      double[][] x = GavelLp.solve(a, gpus, cores, capacity, coreCapacity);

      assertThat(GavelLp.solve(a, gpus, cores, capacity, coreCapacity)).isDeepEqualTo(x);
      double coreUse = 0;
      for (int k = 0; k < types; k++) {
        double gpuUse = 0;
        for (int m = 0; m < jobs; m++) {
          gpuUse += gpus[m] * x[m][k];
          coreUse += cores[m] * x[m][k];
        }
        assertThat(gpuUse).isLessThanOrEqualTo(capacity[k] + 1e-7);
      }
      assertThat(coreUse).isLessThanOrEqualTo(coreCapacity + 1e-7);
      for (int m = 0; m < jobs; m++) {
        double time = 0;
        for (int k = 0; k < types; k++) {
          assertThat(x[m][k]).isBetween(0.0, 1.0);
          time += x[m][k];
        }
        assertThat(time).isLessThanOrEqualTo(1 + 1e-7);
      }
    }
  }
}
