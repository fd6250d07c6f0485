package dl2.learning.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkCodec;
import dl2.learning.nn.NetworkState;
import dl2.learning.speeds.SpeedMemory;
import dl2.model.Rng;
import dl2.workload.Presets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyFileTest {
  @TempDir Path dir;

  private static final PolicySettings SETTINGS =
      PolicySettings.defaults(Presets.PAPER_TESTBED).withHidden(8, 1);

  private static PolicyFile policy() {
    Mlp network = new Mlp(SETTINGS.policySpec(), new Rng(3));
    TrainingInfo info = new TrainingInfo("sl", 42, "paper-testbed", "drf", 9973);
    return new PolicyFile(
        SETTINGS,
        info,
        new NetworkState("policy", network, new Adam(network, 0.005)),
        Optional.empty());
  }

  @Test
  void aPlainPolicysSettingsTextIsTheRecordsWithoutTheResidual() {
    // resume states fingerprint their settings by this text (the residual field came later)
    assertThat(SETTINGS.toString())
        .isEqualTo(
            "PolicySettings[encoding=ORIGINAL, window=4, taskCap=16, maxEpochs=1000.0,"
                + " scaled=true, hiddenWidths=[8], affineNorm=true, startOfSlotBundle=true,"
                + " network=FULLY_CONNECTED]");
  }

  @Test
  void aSavedPolicyLoadsWithItsSettingsInfoAndWeights() {
    Path file = dir.resolve("p.policy");
    PolicyFile saved = policy();
    saved.save(file);
    PolicyFile loaded = PolicyFile.load(file);
    assertThat(loaded.settings()).isEqualTo(SETTINGS);
    assertThat(loaded.training()).isEqualTo(saved.training());
    assertThat(loaded.value()).isEmpty();
    double[] state = new double[SETTINGS.encoder().size()];
    state[0] = 0.5;
    assertThat(loaded.policy().network().forward(state))
        .containsExactly(saved.policy().network().forward(state));
  }

  @Test
  void thePlacementItTrainedUnderIsRecordedAndTheDefaultLeavesTheFileAsBefore() {
    PolicyFile p = policy();
    TrainingInfo info = p.training();
    TrainingInfo placed =
        new TrainingInfo(
            info.phase(),
            info.step(),
            info.preset(),
            info.teacher(),
            info.seed(),
            info.validationTraces(),
            info.reward(),
            "fewest-nodes");
    new PolicyFile(SETTINGS, placed, p.policy(), Optional.empty())
        .save(dir.resolve("placed.policy"));
    assertThat(PolicyFile.load(dir.resolve("placed.policy")).training().trainedPlacement())
        .isEqualTo("fewest-nodes");
    assertThat(placed.provenance())
        .isEqualTo("supervised warm-up from drf, tasks placed by fewest-nodes");
    TrainingInfo leastLoaded =
        new TrainingInfo(
            info.phase(),
            info.step(),
            info.preset(),
            info.teacher(),
            info.seed(),
            info.validationTraces(),
            info.reward(),
            "least-loaded");
    assertThat(leastLoaded).isEqualTo(info);
    assertThat(new PolicyFile(SETTINGS, leastLoaded, p.policy(), Optional.empty()).bytes())
        .isEqualTo(p.bytes());
    assertThat(new String(p.bytes(), java.nio.charset.StandardCharsets.UTF_8))
        .doesNotContain("placement");
    assertThat(info.trainedPlacement()).isEqualTo("least-loaded");
  }

  @Test
  void aPolicyCarriesTheSpeedMemoryOfItsTraining() {
    Path file = dir.resolve("m.policy");
    PolicyFile p = policy();
    SpeedMemory memory =
        new SpeedMemory(
            java.util.Map.of(
                "wlm",
                java.util.List.of(new double[] {1, 1, 2, 600}, new double[] {2, 4, 1, 700})));
    new PolicyFile(p.settings(), p.training(), p.policy(), Optional.empty(), memory).save(file);
    SpeedMemory loaded = PolicyFile.load(file).speeds();
    assertThat(loaded.types()).containsOnlyKeys("wlm");
    assertThat(loaded.types().get("wlm"))
        .containsExactly(new double[] {1, 1, 2, 600}, new double[] {2, 4, 1, 700});
    p.save(dir.resolve("plain.policy"));
    assertThat(PolicyFile.load(dir.resolve("plain.policy")).speeds().isEmpty()).isTrue();
  }

  @Test
  void aCheckpointWithoutPolicyMetadataIsRejectedInOneLine() {
    Path file = dir.resolve("other.policy");
    PolicyFile p = policy();
    NetworkCodec.write(file, "{\"something\":1}", List.of(p.policy()));
    assertThatThrownBy(() -> PolicyFile.load(file))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file.toString())
        .hasMessageContaining("bad policy metadata")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aNetworkThatDoesNotMatchTheSettingsIsRejected() {
    Path file = dir.resolve("mismatch.policy");
    PolicyFile p = policy();
    PolicySettings wider = SETTINGS.withHidden(16, 1);
    new PolicyFile(wider, p.training(), p.policy(), Optional.empty()).save(file);
    assertThatThrownBy(() -> PolicyFile.load(file))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("architecture");
  }

  @Test
  void aTruncatedFileIsRejected() throws Exception {
    Path file = dir.resolve("t.policy");
    policy().save(file);
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    assertThatThrownBy(() -> PolicyFile.load(file))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(file.toString());
  }

  /**
   * Saves the policy with its metadata JSON changed by {@code edit} (the CRC stays valid, so the
   * metadata is what is checked).
   */
  private Path withMetadata(java.util.function.UnaryOperator<String> edit) {
    Path file = dir.resolve("edited.policy");
    policy().save(file);
    dl2.learning.nn.Checkpoint checkpoint = NetworkCodec.read(file);
    NetworkCodec.write(file, edit.apply(checkpoint.metadata()), checkpoint.networks());
    return file;
  }

  @Test
  void everyMetadataFieldIsCheckedAndReportedInOneLineWithoutClassNames() {
    for (var edit :
        java.util.List.<java.util.Map.Entry<java.util.function.UnaryOperator<String>, String>>of(
            java.util.Map.entry(m -> "null", "expected a JSON object, found null"),
            java.util.Map.entry(
                m -> m.replace("\"window\" : 4", "\"window\" : 0"),
                "window must be 1..1000, got 0"),
            java.util.Map.entry(
                m -> m.replace("\"window\" : 4", "\"window\" : -3"),
                "window must be 1..1000, got -3"),
            java.util.Map.entry(
                m -> m.replace("\"window\" : 4", "\"window\" : 2147483647"),
                "window must be 1..1000, got 2147483647"),
            java.util.Map.entry(
                m -> m.replace("\"maxEpochs\" : 1000.0", "\"maxEpochs\" : \"NaN\""),
                "maxEpochs must be a number"),
            java.util.Map.entry(
                m -> m.replace("\"maxEpochs\" : 1000.0", "\"maxEpochs\" : \"Infinity\""),
                "maxEpochs must be a number"),
            java.util.Map.entry(
                m -> m.replace("\"maxEpochs\" : 1000.0", "\"maxEpochs\" : 0"),
                "maxEpochs must be a number"),
            java.util.Map.entry(
                m -> m.replace("\"maxEpochs\" : 1000.0", "\"maxEpochs\" : -1"),
                "maxEpochs must be a number"),
            java.util.Map.entry(
                m -> m.replace("\"hiddenWidths\" : [ 8 ]", "\"hiddenWidths\" : null"),
                "hiddenWidths must be"),
            java.util.Map.entry(
                m -> m.replace("\"encoding\" : \"ORIGINAL\"", "\"encoding\" : \"FANCY\""),
                "field 'settings.encoding': 'FANCY' is not one of ORIGINAL, PAPER"),
            java.util.Map.entry(
                m -> m.replace("\"step\" : 42", "\"step\" : -1"), "step of at least 0"),
            java.util.Map.entry(
                m -> m.replace("\"seed\"", "\"colour\" : 1, \"seed\""),
                "unknown field 'training.colour'"))) {
      Path file = withMetadata(edit.getKey());
      assertThatThrownBy(() -> PolicyFile.load(file))
          .isInstanceOf(InputException.class)
          .hasMessageStartingWith(file + ": bad policy metadata: ")
          .hasMessageContaining(edit.getValue())
          .satisfies(
              e ->
                  assertThat(e.getMessage())
                      .doesNotContain("\n")
                      .doesNotContainPattern("[a-z]+\\.[a-z]+\\.[A-Z]"));
    }
  }

  @Test
  void aPolicyForAnotherPresetRunsWithAWarningThatSaysHowItDiffers() {
    assertThat(SETTINGS.mismatch(Presets.PAPER_TESTBED)).isEmpty();
    assertThat(PolicySettings.defaults(Presets.PAPER_SMALL).mismatch(Presets.PAPER_LARGE))
        .contains(
            "trained with window 20 (paper-large has 40; it sees only the 20 oldest waiting jobs); its results there are untested");
  }
}
