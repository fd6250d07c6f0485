package dl2.traces.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.simulation.world.WorldParameters;
import dl2.simulation.world.WorldParametersJson;
import dl2.traces.data.TestTraces;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calibration on small extracts of the public files (test resources world-traces/, see its
 * README), with every expectation worked out from the extracted numbers.
 */
class WorldCalibrationTest {
  static Path fixture() throws URISyntaxException {
    return Path.of(WorldCalibrationTest.class.getResource("/world-traces").toURI());
  }

  @Test
  void throughputSpreadPoolsGavelAndElasticFlowWithinModels() throws Exception {
    // ln(samples/s): Gavel ResNet-50 7.787·32 and 4.395·64; LM 109.17·5 and 81.65·10; ElasticFlow
    // resnet50 A100 6.843·64, 3.655·128, 1.843·256. Squared deviations from each group's mean over
    // 1 + 1 + 2 degrees of freedom.
    double rn = Math.log(7.787264918596293 * 32) - Math.log(4.394774823323071 * 64);
    double lm = Math.log(109.16661771207029 * 5) - Math.log(81.65163491883021 * 10);
    double[] ef = {
      Math.log(6.8429775823889685 * 64),
      Math.log(3.6553729658054332 * 128),
      Math.log(1.843374951404324 * 256)
    };
    double expected = Math.sqrt((rn * rn / 2 + lm * lm / 2 + squares(ef)) / 4);
    assertThat(calibrated().throughputLogSd())
        .isCloseTo(expected, within(1e-12))
        .isCloseTo(0.151465, within(1e-6));
  }

  @Test
  void commRatioSpreadIsOverBatchSizesAtEachGpuCount() throws Exception {
    // ln(1/e − 1) with e = T(n)/(n·T(1)), n = 2 and 4, three batch sizes each: 2 + 2 degrees of
    // freedom.
    double[] t1 = {6.8429775823889685, 3.6553729658054332, 1.843374951404324};
    double[] t2 = {11.838468717843664, 6.619528678370847, 3.4486157956111083};
    double[] t4 = {18.298925886403232, 11.224201427896464, 6.190812304854656};
    double[] r2 = new double[3];
    double[] r4 = new double[3];
    for (int i = 0; i < 3; i++) {
      r2[i] = Math.log(2 * t1[i] / t2[i] - 1);
      r4[i] = Math.log(4 * t1[i] / t4[i] - 1);
    }
    assertThat(calibrated().commRatioLogSd())
        .isCloseTo(Math.sqrt((squares(r2) + squares(r4)) / 4), within(1e-12))
        .isCloseTo(0.443685, within(1e-6));
  }

  @Test
  void correlationPairsEachRowsComputeAndRatioDeviations() throws Exception {
    // Larger batches: more samples/s (smaller α) and relatively less communication: positive ρ.
    assertThat(calibrated().correlation()).isCloseTo(0.916407, within(1e-6));
  }

  @Test
  void lambdaIsTheMedianOfOneNodeOverSpreadSyncTimes() throws Exception {
    // cifar10 placements 2 vs 11: local batch 32 → 0.004241/0.061783, 64 → 0.000921/0.051586;
    // median of two = mean.
    double expected =
        (0.004241296052932739 / 0.0617830852508545 + 0.0009209567964076996 / 0.05158557434082032)
            / 2;
    assertThat(calibrated().intraNodeCommFactor()).isCloseTo(expected, within(1e-15));
  }

  @Test
  void fluctuationComesFromPlacementsMeasuredTwice() throws Exception {
    // 1122 and 1212 at local batch 32 are the same GPUs per node: SD of two logs = |difference|/√2.
    double expected =
        Math.abs(Math.log(0.12722485065460204) - Math.log(0.11998698711395264)) / Math.sqrt(2);
    assertThat(calibrated().fluctuationLogSd()).isCloseTo(expected, within(1e-15));
  }

  @Test
  void colocatedThroughputsAreMappedToDl2TypesAndAveraged() throws Exception {
    WorldParameters p = calibrated();
    // ResNet-50 (32, 64) sharing with LM (5, 10): own/alone 3.3387/7.7873, 3.3680/7.7873,
    // 3.0882/4.3948, 3.0480/4.3948.
    double resnetWithLm =
        (3.3387365685025365 / 7.787264918596293
                + 3.3680026291147382 / 7.787264918596293
                + 3.0881783483060685 / 4.394774823323071
                + 3.0480419936010508 / 4.394774823323071)
            / 4;
    assertThat(p.colocatedThroughput(JobType.RESNET_50, JobType.WLM))
        .isCloseTo(resnetWithLm, within(1e-15));
    assertThat(p.colocatedThroughput(JobType.RESNET_50, JobType.RESNET_50))
        .isCloseTo(0.443139, within(1e-6));
    assertThat(p.colocatedThroughput(JobType.WLM, JobType.RESNET_50))
        .isCloseTo(0.389268, within(1e-6));
    assertThat(p.colocatedThroughput(JobType.WLM, JobType.WLM)).isCloseTo(0.664147, within(1e-6));
    // inception-bn borrows resnet-50's measurements; a pair with no measurement takes the mean of
    // all 16 pairs.
    assertThat(p.colocatedThroughput(JobType.INCEPTION_BN, JobType.WLM))
        .isEqualTo(p.colocatedThroughput(JobType.RESNET_50, JobType.WLM));
    assertThat(p.colocatedThroughput(JobType.DSSM, JobType.SEQ2SEQ))
        .isCloseTo(0.515232, within(1e-6));
    assertThat(p.diagnostics())
        .containsEntry("interference.pairs", 16.0)
        .containsEntry(
            "interference.infeasibleSkipped",
            4.0); // each of the four with ResNet-50 (batch size 128)
  }

  @Test
  void everyInputFileIsRecordedWithItsChecksum() throws Exception {
    assertThat(calibrated().sources())
        .extracting(WorldParameters.Source::path)
        .containsExactly(
            "gavel/scheduler/simulation_throughputs.json",
            "ElasticFlow/ElasticFlow/scheduler/throughputs_A100/resnet50.csv",
            "adaptdl/simulator/traces/cifar10/placements.csv");
    assertThat(calibrated().sources()).allSatisfy(s -> assertThat(s.sha256()).hasSize(64));
  }

  @Test
  void theSameFilesGiveTheSameFileBitForBit() throws Exception {
    assertThat(WorldParametersJson.write(calibrated(), "x"))
        .isEqualTo(WorldParametersJson.write(calibrated(), "x"));
  }

  @Test
  void theCommittedParametersAreWhatThePublicFilesGive() {
    Path shared = TestTraces.folder();
    String recalibrated =
        WorldParametersJson.write(
            WorldCalibration.calibrate(shared).parameters(),
            "./dl2 calibrate-world --traces ../shared/traces");
    assertThat(recalibrated).isEqualTo(WorldParametersJson.committedText());
  }

  @Test
  void aMissingFolderOrFileIsNamed(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> WorldCalibration.calibrate(dir.resolve("nowhere")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("nowhere")
        .hasMessageContaining("not a directory");
    assertThatThrownBy(() -> WorldCalibration.calibrate(dir))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("simulation_throughputs.json")
        .hasMessageContaining("not found");
  }

  @Test
  void aBadNumberNamesFileLineAndField(@TempDir Path dir) throws Exception {
    Path csv = fixtureWith(dir, ELASTICFLOW, "global_batch_size,1,2\n64,fast,1\n");
    assertRejected(dir, csv + ":2: field '1': not a number: 'fast'");
  }

  @Test
  void aBadPlacementNamesFileLineAndField(@TempDir Path dir) throws Exception {
    Path csv =
        fixtureWith(dir, POLLUX, "placement,local_bsz,step_time,sync_time\n1a,32,0.1,0.01\n");
    assertRejected(dir, csv + ":2: field 'placement'");
  }

  @Test
  void gavelFileWithABadKeyIsNamed(@TempDir Path dir) throws Exception {
    Path json = fixtureWith(dir, GAVEL, "{\"v100\": {\"bad key\": {\"null\": 1}}}");
    assertRejected(dir, json + ": field 'v100.bad key'");
  }

  @Test
  void gavelFileThatIsNotJsonIsNamed(@TempDir Path dir) throws Exception {
    Path json = fixtureWith(dir, GAVEL, "[1,");
    assertRejected(dir, json + ": is not valid JSON");
  }

  @Test
  void tooFewMeasurementsToEstimateASpreadIsSaid(@TempDir Path dir) throws Exception {
    // One placement per multiset: nothing was measured twice.
    fixtureWith(
        dir, POLLUX, "placement,local_bsz,step_time,sync_time\n2,32,0.05,0.004\n11,32,0.1,0.06\n");
    assertThatThrownBy(() -> WorldCalibration.calibrate(dir))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("measured twice");
  }

  private static final String GAVEL = "gavel/scheduler/simulation_throughputs.json";
  private static final String ELASTICFLOW =
      "ElasticFlow/ElasticFlow/scheduler/throughputs_A100/resnet50.csv";
  private static final String POLLUX = "adaptdl/simulator/traces/cifar10/placements.csv";

  /**
   * A copy of the fixture in {@code dir} with the file {@code relative} replaced by {@code
   * content}.
   */
  private static Path fixtureWith(Path dir, String relative, String content) throws Exception {
    copy(fixture(), dir);
    Path file = dir.resolve(relative);
    Files.writeString(file, content);
    return file;
  }

  private static void assertRejected(Path dir, String messageStart) {
    assertThatThrownBy(() -> WorldCalibration.calibrate(dir))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(messageStart);
  }

  private static WorldParameters calibrated() throws URISyntaxException {
    return WorldCalibration.calibrate(fixture()).parameters();
  }

  private static double squares(double[] x) {
    double mean = 0;
    for (double v : x) {
      mean += v / x.length;
    }
    double sum = 0;
    for (double v : x) {
      sum += (v - mean) * (v - mean);
    }
    return sum;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path source : files.sorted(Comparator.naturalOrder()).toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target);
        }
      }
    }
  }
}
