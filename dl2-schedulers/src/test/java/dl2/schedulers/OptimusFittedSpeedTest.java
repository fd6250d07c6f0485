package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.fit.Nnls;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.speed.FittedOptimusSpeed;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Optimus speed form fitted by NNLS to observed epochs per slot (dl2-spec §6.6). */
class OptimusFittedSpeedTest {
  /**
   * Observations of 1/rate = 0.1/w + 0.01 at the five profiling configurations: w = 2, 2, 4, 2, 1
   * give rates 1/0.06, 1/0.06, 1/0.035, 1/0.06, 1/0.11. The design is full rank and the data exact,
   * so the fit is θ = (0.1, 0.01, 0, 0, 0).
   */
  @Test
  void exactObservationsGiveBackTheGeneratingCoefficients() {
    OptimusFittedSpeed speed = new OptimusFittedSpeed();
    for (OptimusFitted.Config c : OptimusFitted.PROFILE) {
      speed.observe(c.numPs(), c.numWorkers(), 1 / (0.1 / c.numWorkers() + 0.01));
    }
    double[] theta = speed.coefficients();
    double[] expected = {0.1, 0.01, 0, 0, 0};
    for (int j = 0; j < 5; j++) {
      assertThat(theta[j]).as("θ%d", j).isCloseTo(expected[j], within(1e-12));
    }
    assertThat(speed.epochsPerSlot(16, 8)).isCloseTo(1 / (0.1 / 8 + 0.01), within(1e-9));
  }

  /** Profiling resnet-50 on the default model predicts its best configuration, (16, 2), to 1e-9. */
  @Test
  void profilingTheDefaultModelPredictsAnUnseenConfiguration() {
    OptimusFittedSpeed speed = new OptimusFittedSpeed();
    for (OptimusFitted.Config c : OptimusFitted.PROFILE) {
      speed.observe(c.numPs(), c.numWorkers(), defaultEpochsPerSlot(c.numPs(), c.numWorkers()));
    }
    assertThat(speed.epochsPerSlot(16, 2))
        .isCloseTo(defaultEpochsPerSlot(16, 2), within(1e-9 * defaultEpochsPerSlot(16, 2)));
  }

  /**
   * Two observations at the same (p, w), 10 and 30 epochs: every feature is the same, so the fit
   * minimises (10k − 1)² + (30k − 1)² over k = θ·x, giving k = 40/1000 and a rate of 25.
   */
  @Test
  void repeatedObservationsAreAveragedOnRelativeError() {
    OptimusFittedSpeed speed = new OptimusFittedSpeed();
    speed.observe(1, 1, 10);
    speed.observe(1, 1, 30);
    assertThat(speed.epochsPerSlot(1, 1)).isCloseTo(25, within(1e-9));
  }

  /**
   * A long job: its observations are merged per configuration, so 10 and 30 alternating, a thousand
   * times at (1, 1), still give a rate of 25, and only (1, 1) counts as observed.
   */
  @Test
  void aLongJobsObservationsAreMergedPerConfigurationWithTheSameFit() {
    OptimusFittedSpeed speed = new OptimusFittedSpeed();
    for (int i = 0; i < 1000; i++) {
      speed.observe(1, 1, i % 2 == 0 ? 10 : 30);
    }
    assertThat(speed.epochsPerSlot(1, 1)).isCloseTo(25, within(1e-9));
    assertThat(speed.observed(1, 1)).isTrue();
    assertThat(speed.observed(2, 1)).isFalse();
  }

  /**
   * The merged rows pose the same least squares as one row per observation (as first written,
   * {@link #rowPerObservationFit}): noisy observations of the default model at the profiling
   * configurations and a few more, repeated, give the same θ but for rounding.
   */
  @Test
  void mergedRowsFitAsOneRowPerObservation() {
    Rng rng = new Rng(3);
    for (int trial = 0; trial < 20; trial++) {
      JobType type = JobType.values()[rng.nextIntInclusive(0, JobType.values().length - 1)];
      OptimusFittedSpeed speed = new OptimusFittedSpeed();
      List<double[]> observations = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        OptimusFitted.Config c =
            i < 5
                ? OptimusFitted.PROFILE.get(i)
                : new OptimusFitted.Config(rng.nextIntInclusive(1, 8), rng.nextIntInclusive(1, 8));
        double rate =
            FittedOptimusSpeed.INSTANCE.epochsPerSlot(type, c.numPs(), c.numWorkers(), 1200)
                * (1 + 0.2 * (rng.nextDouble() - 0.5));
        speed.observe(c.numPs(), c.numWorkers(), rate);
        observations.add(new double[] {c.numPs(), c.numWorkers(), rate});
      }
      double[] merged = speed.coefficients();
      double[] rows = rowPerObservationFit(observations);
      for (int j = 0; j < 5; j++) {
        assertThat(merged[j])
            .as("trial %d, θ%d", trial, j)
            .isCloseTo(rows[j], within(1e-9 * (1 + Math.abs(rows[j]))));
      }
    }
  }

  /**
   * The fit as first written: one row per observation (p, w, epochs per slot), divided by its
   * 1/rate.
   */
  private static double[] rowPerObservationFit(List<double[]> observations) {
    double[][] a = new double[observations.size()][];
    double[] b = new double[observations.size()];
    for (int i = 0; i < a.length; i++) {
      double[] o = observations.get(i);
      double inverseRate = 1 / o[2];
      a[i] = OptimusFittedSpeed.features((int) o[0], (int) o[1]);
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] /= inverseRate;
      }
      b[i] = 1;
    }
    return Nnls.solve(a, b);
  }

  private static double defaultEpochsPerSlot(int p, int w) {
    return FittedOptimusSpeed.INSTANCE.epochsPerSlot(JobType.RESNET_50, p, w, 1200);
  }
}
