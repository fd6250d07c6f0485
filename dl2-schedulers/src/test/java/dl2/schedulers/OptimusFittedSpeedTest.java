package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.speed.FittedOptimusSpeed;
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
    assertThat(speed.epochsPerSlot(16, 2)).isCloseTo(defaultEpochsPerSlot(16, 2), within(1e-9 * defaultEpochsPerSlot(16, 2)));
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
   * A long job: beyond {@link OptimusFittedSpeed#EXACT_ROWS} observations the fit runs on one row
   * per configuration, the same least squares: 10 and 30 alternating still give a rate of 25.
   */
  @Test
  void aLongJobsObservationsAreMergedPerConfigurationWithTheSameFit() {
    OptimusFittedSpeed speed = new OptimusFittedSpeed();
    for (int i = 0; i < 10 * OptimusFittedSpeed.EXACT_ROWS; i++) {
      speed.observe(1, 1, i % 2 == 0 ? 10 : 30);
    }
    assertThat(speed.epochsPerSlot(1, 1)).isCloseTo(25, within(1e-9));
    assertThat(speed.observed(1, 1)).isTrue();
    assertThat(speed.observed(2, 1)).isFalse();
  }

  private static double defaultEpochsPerSlot(int p, int w) {
    return FittedOptimusSpeed.INSTANCE.epochsPerSlot(JobType.RESNET_50, p, w, 1200);
  }
}
