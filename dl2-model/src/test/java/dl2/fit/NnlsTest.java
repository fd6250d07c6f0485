package dl2.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

/** Lawson–Hanson NNLS against hand-solved problems and the KKT conditions. */
class NnlsTest {
  /** A = [[1,0],[0,1],[1,1]], b = (1,2,3): Ax = b exactly at x = (1, 2), already non-negative. */
  @Test
  void aConsistentSystemWithAPositiveSolutionIsSolvedExactly() {
    double[] x = Nnls.solve(new double[][] {{1, 0}, {0, 1}, {1, 1}}, new double[] {1, 2, 3});
    assertThat(x[0]).isCloseTo(1, within(1e-12));
    assertThat(x[1]).isCloseTo(2, within(1e-12));
  }

  /** A = I, b = (1, −1): the second variable is held at its bound 0. */
  @Test
  void aNegativeUnconstrainedComponentIsClampedToZero() {
    assertThat(Nnls.solve(new double[][] {{1, 0}, {0, 1}}, new double[] {1, -1}))
        .containsExactly(1, 0);
  }

  /**
   * Fitting b = (3, 2, 1) at t = 1, 2, 3 by intercept + slope·t: least squares gives slope −1, so
   * NNLS keeps slope 0 and the intercept becomes the mean of b, 2.
   */
  @Test
  void aNegativeSlopeLeavesTheMeanAsIntercept() {
    double[] x = Nnls.solve(new double[][] {{1, 1}, {1, 2}, {1, 3}}, new double[] {3, 2, 1});
    assertThat(x[0]).isCloseTo(2, within(1e-12));
    assertThat(x[1]).isZero();
  }

  /** A right-hand side on the wrong side of every column: x = 0. */
  @Test
  void anAllNegativeTargetGivesZero() {
    assertThat(Nnls.solve(new double[][] {{1, 2}, {3, 4}}, new double[] {-1, -1}))
        .containsExactly(0, 0);
  }

  /**
   * KKT on random 8 × 5 problems: x ≥ 0, gradient g = Aᵀ(b − Ax) ≤ 0, and g_j = 0 where x_j > 0.
   */
  @Test
  void randomProblemsSatisfyTheOptimalityConditions() {
    Rng rng = new Rng(42);
    for (int trial = 0; trial < 200; trial++) {
      double[][] a = new double[8][5];
      double[] b = new double[8];
      fillRandomly(rng, a, b);
      double[] x = Nnls.solve(a, b);
      for (int j = 0; j < 5; j++) {
        double g = 0;
        for (int i = 0; i < 8; i++) {
          double residual = b[i];
          for (int k = 0; k < 5; k++) {
            residual -= a[i][k] * x[k];
          }
          g += a[i][j] * residual;
        }
        assertThat(x[j]).as("trial %d x[%d]", trial, j).isGreaterThanOrEqualTo(0);
        assertThat(g).as("trial %d gradient %d", trial, j).isLessThan(1e-9);
        if (x[j] > 0) {
          assertThat(g)
              .as("trial %d gradient %d at a free variable", trial, j)
              .isCloseTo(0, within(1e-9));
        }
      }
    }
  }

  /**
   * The warm start returns the cold solution bit for bit whatever the guess: its own passive set
   * (the fast case), every other subset of the 5 variables (rejected, then solved afresh), on
   * random problems and on the same problems with one row's weight changed, as a slot's
   * measurements change a speed fit.
   */
  @Test
  void aWarmStartReturnsTheColdSolutionBitForBit() {
    Rng rng = new Rng(7);
    int accepted = 0;
    for (int trial = 0; trial < 100; trial++) {
      double[][] a = new double[8][5];
      double[] b = new double[8];
      fillRandomly(rng, a, b);
      boolean[] previous = positives(Nnls.solve(a, b));
      for (int j = 0; j < 5; j++) {
        a[0][j] *= 1.01;
      }
      double[] cold = Nnls.solve(a, b);
      for (int subset = 0; subset < 32; subset++) {
        boolean[] guess = new boolean[5];
        for (int j = 0; j < 5; j++) {
          guess[j] = (subset >> j & 1) == 1;
        }
        assertThat(Nnls.solve(a, b, guess))
            .as("trial %d guess %s", trial, subset)
            .containsExactly(cold);
      }
      double[] warm = Nnls.solve(a, b, previous);
      assertThat(warm).as("trial %d previous passive set", trial).containsExactly(cold);
      accepted += java.util.Arrays.equals(previous, positives(cold)) ? 1 : 0;
    }
    assertThat(accepted)
        .as("problems whose previous passive set was still right")
        .isGreaterThan(50);
  }

  /** A WarmNnls following a slowly changing problem gives the cold solution at every step. */
  @Test
  void aWarmSolverFollowingAChangingProblemMatchesTheColdSolve() {
    Rng rng = new Rng(11);
    double[][] a = new double[8][5];
    double[] b = new double[8];
    fillRandomly(rng, a, b);
    WarmNnls warm = new WarmNnls(5);
    for (int step = 0; step < 200; step++) {
      int row = step % 8;
      for (int j = 0; j < 5; j++) {
        a[row][j] *= 1 + 0.05 * rng.nextSymmetric();
      }
      assertThat(warm.solve(a, b)).as("step %d", step).containsExactly(Nnls.solve(a, b));
    }
  }

  private static boolean[] positives(double[] x) {
    boolean[] positive = new boolean[x.length];
    for (int j = 0; j < x.length; j++) {
      positive[j] = x[j] > 0;
    }
    return positive;
  }

  private static void fillRandomly(Rng rng, double[][] a, double[] b) {
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] = rng.nextSymmetric();
      }
      b[i] = rng.nextSymmetric();
    }
  }
}
