package dl2.schedulers.placed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A type's curve split into a compute and a communication shape that each job scales. θ = (2, 1, 1,
 * 0.5, 0): compute at 2 workers 2/2 + 1 = 2, communication at (2, 2) 1 + 2·0.5 + 0 = 2, so the
 * shapes are (1, 0.5) and (0.5, 0.25, 0) and (a0, b0) = (2, 2). Rows are features times the
 * measured speed (target 1), every pair across nodes.
 */
class TypeScalingTest {
  private static final double[] THETA = {2, 1, 1, 0.5, 0};

  private static double time(double[] theta, int p, int w) {
    double[] f = PlacedSpeedFit.features(p, w, 1);
    double t = 0;
    for (int j = 0; j < f.length; j++) {
      t += f[j] * theta[j];
    }
    return t;
  }

  private static double[] row(double[] theta, int p, int w) {
    double[] f = PlacedSpeedFit.features(p, w, 1);
    double rate = 1 / time(theta, p, w);
    for (int j = 0; j < f.length; j++) {
      f[j] *= rate;
    }
    return f;
  }

  @Test
  void aJobNotMeasuredYetIsTheTypesCurve() {
    double[] typical = TypeScaling.of(List.of(THETA)).typical();
    for (int j = 0; j < 5; j++) {
      assertThat(typical[j]).isCloseTo(THETA[j], within(1e-12));
    }
  }

  /**
   * A job computing twice as long (a = 4) and communicating half as long (b = 1), θ = (4, 2, 0.5,
   * 0.25, 0), measured exactly at (1, 1) and (2, 4), where the two shares differ: without weight on
   * the type its (a, b) are recovered, and its time at (2, 2) is 4 + 1 = 5 slots per epoch.
   */
  @Test
  void twoConfigurationsPinAJobsComputeAndCommunicationScales() {
    double[] job = {4, 2, 0.5, 0.25, 0};
    double[] fitted =
        TypeScaling.of(List.of(THETA))
            .fitted(new double[][] {row(job, 1, 1), row(job, 2, 4)}, new double[] {1, 1}, 0);
    for (int j = 0; j < 5; j++) {
      assertThat(fitted[j]).isCloseTo(job[j], within(1e-9));
    }
    assertThat(time(fitted, 2, 2)).isCloseTo(5, within(1e-9));
  }

  /**
   * One exact measurement of a job at the type's own speed, with weight on (a0, b0): nothing pulls
   * it away, so the fit is the type's curve.
   */
  @Test
  void aJobAtTheTypesSpeedStaysThere() {
    double[] fitted =
        TypeScaling.of(List.of(THETA))
            .fitted(new double[][] {row(THETA, 2, 2)}, new double[] {1}, 0.5);
    for (int j = 0; j < 5; j++) {
      assertThat(fitted[j]).isCloseTo(THETA[j], within(1e-9));
    }
  }

  @Test
  void membersWithoutCommunicationGiveNoScaling() {
    assertThat(TypeScaling.of(List.of(new double[] {1, 1, 0, 0, 0}))).isNull();
  }
}
