package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.model.Rng;
import org.junit.jupiter.api.Test;

class PairedBootstrapTest {
  /**
   * Two traces, x = (1, 3) against (1, 1): a resample draws trace 0 twice (ratio 1, p = 1/4), trace
   * 1 twice (ratio 3, p = 1/4) or one of each (ratio 2, p = 1/2), so the 2.5th and 97.5th
   * percentiles are 1 and 3; the differences (0, 2) likewise give 0 and 2.
   */
  @Test
  void twoTracesGiveTheHandComputedInterval() {
    PairedComparison pair =
        new PairedBootstrap(2, 9973).compare(new double[] {1, 3}, new double[] {1, 1});
    assertThat(pair.jctRatio()).isEqualTo(2);
    assertThat(pair.jctRatioInterval()).isEqualTo(new PairedBootstrap.Interval(1, 3));
    assertThat(pair.meanDifference()).isEqualTo(1);
    assertThat(pair.differenceInterval()).isEqualTo(new PairedBootstrap.Interval(0, 2));
    assertThat(pair.tracesLower()).isZero();
    assertThat(pair.tracesHigher()).isEqualTo(1);
    assertThat(pair.tracesTied()).isEqualTo(1);
    assertThat(pair.clearDifference()).isFalse();
  }

  /** Twice the reference on every trace: every resample's ratio is exactly 2. */
  @Test
  void aConstantRatioHasANoWidthIntervalThatExcludesOne() {
    PairedComparison pair =
        new PairedBootstrap(4, 1).compare(new double[] {2, 4, 6, 8}, new double[] {1, 2, 3, 4});
    assertThat(pair.jctRatioInterval()).isEqualTo(new PairedBootstrap.Interval(2, 2));
    assertThat(pair.clearDifference()).isTrue();
    assertThat(pair.tracesHigher()).isEqualTo(4);
  }

  @Test
  void oneTraceHasNoInterval() {
    PairedBootstrap bootstrap = new PairedBootstrap(1, 1);
    assertThat(bootstrap.compare(new double[] {2}, new double[] {1}).jctRatioInterval().defined())
        .isFalse();
    assertThat(bootstrap.mean(new double[] {2}).defined()).isFalse();
    assertThat(bootstrap.compare(new double[] {2}, new double[] {1}).clearDifference()).isFalse();
  }

  @Test
  void theSameSeedGivesTheSameIntervalsAndValuesMustMatchTheTraces() {
    double[] x = {5, 7, 6, 9, 4};
    assertThat(new PairedBootstrap(5, 42).mean(x)).isEqualTo(new PairedBootstrap(5, 42).mean(x));
    assertThatThrownBy(() -> new PairedBootstrap(5, 42).mean(new double[] {1, 2}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * A ratio of sums is a weighted mean of the per-trace ratios, so every resample's ratio (and the
   * interval) lies between the smallest and largest per-trace ratio; likewise the mean difference.
   */
  @Test
  void intervalsStayWithinThePerTraceExtremes() {
    Rng rng = new Rng(7);
    for (int round = 0; round < 20; round++) {
      int n = 2 + rng.nextInt(12);
      double[] x = new double[n];
      double[] reference = new double[n];
      double minRatio = Double.POSITIVE_INFINITY;
      double maxRatio = Double.NEGATIVE_INFINITY;
      double minDifference = Double.POSITIVE_INFINITY;
      double maxDifference = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        reference[i] = 1 + 20 * rng.nextDouble();
        x[i] = reference[i] * (0.5 + rng.nextDouble());
        minRatio = Math.min(minRatio, x[i] / reference[i]);
        maxRatio = Math.max(maxRatio, x[i] / reference[i]);
        minDifference = Math.min(minDifference, x[i] - reference[i]);
        maxDifference = Math.max(maxDifference, x[i] - reference[i]);
      }
      PairedComparison pair = new PairedBootstrap(n, round).compare(x, reference);
      assertThat(pair.jctRatioInterval().low())
          .isBetween(minRatio - 1e-12, pair.jctRatioInterval().high());
      assertThat(pair.jctRatioInterval().high()).isLessThanOrEqualTo(maxRatio + 1e-12);
      assertThat(pair.differenceInterval().low())
          .isBetween(minDifference - 1e-12, pair.differenceInterval().high());
      assertThat(pair.differenceInterval().high()).isLessThanOrEqualTo(maxDifference + 1e-12);
      assertThat(pair.jctRatio()).isBetween(minRatio - 1e-12, maxRatio + 1e-12);
    }
  }

  @Test
  void percentilesUseTheNearestRank() {
    double[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assertThat(Percentiles.nearestRank(sorted, 50)).isEqualTo(5);
    assertThat(Percentiles.nearestRank(sorted, 95)).isEqualTo(10);
    assertThat(Percentiles.nearestRank(sorted, 10)).isEqualTo(1);
    assertThat(Percentiles.nearestRank(sorted, 11)).isEqualTo(2);
    assertThat(Percentiles.nearestRank(new double[0], 50)).isNaN();
    assertThatThrownBy(() -> Percentiles.nearestRank(sorted, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
