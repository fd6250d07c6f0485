package dl2.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FittedOptimusSpeedTest {
  private final SpeedModel speed = FittedOptimusSpeed.INSTANCE;

  /** The unit-test table of dl2-spec §3.2. */
  @ParameterizedTest
  @CsvSource({
    "resnet-50, 32.904, 343.34, 35.552, 58.371, 16, 2",
    "vgg-16, 15.486, 161.59, 15.486, 26.134, 16, 2",
    "resnext-110, 358.889, 1104.27, 347.710, 487.494, 14, 2",
    "inception-bn, 172.923, 1729.23, 251.594, 306.478, 15, 4",
    "seq2seq, 405.337, 623.60, 433.859, 548.803, 16, 2",
    "cnn-text-classification, 65.926, 409.90, 94.456, 97.790, 16, 5",
    "dssm, 490.352, 1686.02, 1036.310, 1134.056, 1, 7",
    "wlm, 306.032, 2225.69, 293.763, 435.005, 16, 2",
  })
  void matchesTheSpecTable(
      String model,
      double f11,
      double epochs11,
      double f44,
      double best,
      int bestPs,
      int bestWorkers) {
    JobType type = JobType.byModelName(model).orElseThrow();
    assertThat(speed.samplesPerSecond(type, 1, 1)).isCloseTo(f11, within(5e-4));
    assertThat(speed.epochsPerSlot(type, 1, 1, 1200)).isCloseTo(epochs11, within(5e-3));
    assertThat(speed.samplesPerSecond(type, 4, 4)).isCloseTo(f44, within(5e-4));
    int argPs = 0;
    int argWorkers = 0;
    double max = 0;
    for (int p = 1; p <= 16; p++) {
      for (int w = 1; w <= 16; w++) {
        double f = speed.samplesPerSecond(type, p, w);
        if (f > max) {
          max = f;
          argPs = p;
          argWorkers = w;
        }
      }
    }
    assertThat(max).isCloseTo(best, within(5e-4));
    assertThat(new int[] {argPs, argWorkers}).containsExactly(bestPs, bestWorkers);
  }

  @ParameterizedTest
  @CsvSource({"0, 1", "1, 0", "0, 0"})
  void aJobWithoutAWorkerOrAPsMakesNoProgress(int ps, int workers) {
    assertThat(speed.samplesPerSecond(JobType.RESNET_50, ps, workers)).isZero();
  }
}
