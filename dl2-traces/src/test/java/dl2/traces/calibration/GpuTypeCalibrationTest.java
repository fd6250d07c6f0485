package dl2.traces.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.io.InputException;
import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.traces.data.TestTraces;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The committed GPU factors ({@link GpuCatalogue}) are what the public files give. */
class GpuTypeCalibrationTest {
  @Test
  void theCatalogueIsWhatThePublicFilesGive() {
    GpuTypeCalibration.Result result = GpuTypeCalibration.calibrate(TestTraces.folder());
    assertThat(result.types())
        .extracting(GpuType::name)
        .containsExactly("k80", "p100", "v100", "a100", "t4");
    assertThat(result.matchesCatalogue()).as(String.join("\n", result.summary())).isTrue();
  }

  @Test
  void theT4FactorOfSeq2seqIsDeepSpeech2sOneGpuSamplesOverTheA100s() {
    // throughputs_T4/deepspeech2.csv: 320·0.098446 and 640·0.049227 samples/s on one GPU;
    // throughputs_A100/deepspeech2.csv: 32·3.023158 and 64·1.599919. Geometric means over rows.
    double t4 = Math.sqrt(320 * 0.09844573052944394 * 640 * 0.04922658944676347);
    double a100 = Math.sqrt(32 * 3.0231577845960493 * 64 * 1.5999193993421348);
    assertThat(GpuCatalogue.T4.factor(JobType.SEQ2SEQ)).isCloseTo(t4 / a100, within(5e-5));
  }

  @Test
  void aMissingFolderIsNamed(@TempDir Path dir) {
    assertThatThrownBy(() -> GpuTypeCalibration.calibrate(dir.resolve("nowhere")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("nowhere");
  }
}
