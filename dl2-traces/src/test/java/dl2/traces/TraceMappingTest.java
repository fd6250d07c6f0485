package dl2.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.model.Rng;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TraceMappingTest {
  @Test
  void mapsEverySourcesModelNames() {
    Map<String, JobType> expected =
        Map.ofEntries(
            Map.entry("ResNet-18 (batch size 64)", JobType.RESNEXT_110),
            Map.entry("cifar10", JobType.RESNEXT_110),
            Map.entry("ResNet-50 (batch size 16)", JobType.RESNET_50),
            Map.entry("resnet152", JobType.RESNET_50),
            Map.entry("imagenet", JobType.RESNET_50),
            Map.entry("yolov3", JobType.RESNET_50),
            Map.entry("vgg19", JobType.VGG_16),
            Map.entry("alexnet", JobType.VGG_16),
            Map.entry("CycleGAN", JobType.VGG_16),
            Map.entry("inception4", JobType.INCEPTION_BN),
            Map.entry("googlenet", JobType.INCEPTION_BN),
            Map.entry("Transformer (batch size 128)", JobType.SEQ2SEQ),
            Map.entry("deepspeech2", JobType.SEQ2SEQ),
            Map.entry("A3C", JobType.CNN_TEXT_CLASSIFICATION),
            Map.entry("Recommendation (batch size 512)", JobType.DSSM),
            Map.entry("ncf", JobType.DSSM),
            Map.entry("LM (batch size 5)", JobType.WLM),
            Map.entry("bert", JobType.WLM),
            Map.entry("gpt2", JobType.WLM),
            Map.entry("Inception-BN", JobType.INCEPTION_BN),
            Map.entry("cnn-text-classification", JobType.CNN_TEXT_CLASSIFICATION));
    expected.forEach((name, type) -> assertThat(TraceMapping.typeOf(name)).as(name).contains(type));
  }

  @Test
  void unknownModelsHaveNoType() {
    assertThat(TraceMapping.typeOf("mobilenet")).isEmpty();
    assertThat(TraceMapping.typeOf("")).isEmpty();
  }

  @Test
  void epochsAreSecondsTimesTheSpeedAtTheRequestedGpusCappedAt16() {
    assertThat(TraceMapping.epochs(JobType.RESNET_50, 1, 1200)).isCloseTo(343.34, within(0.01));
    assertThat(TraceMapping.epochs(JobType.VGG_16, 1, 600)).isCloseTo(161.59 / 2, within(0.01));
    assertThat(TraceMapping.epochs(JobType.INCEPTION_BN, 4, 1200)).isCloseTo(2515.94, within(0.01));
    assertThat(TraceMapping.epochs(JobType.WLM, 128, 1000))
        .isEqualTo(TraceMapping.epochs(JobType.WLM, 16, 1000));
    assertThat(TraceMapping.epochs(JobType.WLM, 8, 1000))
        .isNotEqualTo(TraceMapping.epochs(JobType.WLM, 16, 1000));
  }

  @Test
  void tinyWorkStillHasPositiveEpochs() {
    assertThat(TraceMapping.epochs(JobType.VGG_16, 1, 1e-6)).isEqualTo(0.001);
  }

  @Test
  void rowTypesDependOnTheCellsAndTheSeedOnly() {
    List<String> row = List.of("2017-10-09 06:13:03", "2951.0", "1", "2951.0", "6214e9");
    assertThat(TraceMapping.typeOfRow(1, row))
        .isEqualTo(TraceMapping.typeOfRow(1, List.copyOf(row)));
    long differ = 0;
    for (long seed = 0; seed < 64; seed++) {
      differ += TraceMapping.typeOfRow(seed, row) != TraceMapping.typeOfRow(0, row) ? 1 : 0;
    }
    assertThat(differ).as("types change with the seed").isGreaterThan(32);
  }

  @Test
  void rowTypesAreRoughlyUniform() {
    Map<JobType, Integer> counts = new TreeMap<>();
    Rng rng = new Rng(42);
    int rows = 8000;
    for (int i = 0; i < rows; i++) {
      List<String> row =
          List.of(
              "2017-10-0" + rng.nextInt(9) + " 06:13:03", String.valueOf(rng.nextInt(100000)), "1");
      counts.merge(TraceMapping.typeOfRow(9973, row), 1, Integer::sum);
    }
    assertThat(counts).hasSize(8);
    counts.values().forEach(n -> assertThat(n).isBetween(rows / 8 - 150, rows / 8 + 150));
  }

  @Test
  void polluxApplicationsHaveWorkAndType() {
    for (String app : List.of("bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3")) {
      assertThat(TraceMapping.polluxOneGpuSeconds(app))
          .as(app)
          .get()
          .satisfies(s -> assertThat(s).isPositive());
      assertThat(TraceMapping.typeOf(app)).as(app).isPresent();
    }
  }
}
