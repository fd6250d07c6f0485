package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shadow mode on the emulated cluster, then supervised warm-up from the recording. */
class ShadowModeTest {
  @TempDir Path dir;

  @Test
  void theEmulatedTeachersDecisionsTrainAPolicy() throws IOException {
    Path recording = dir.resolve("rec");
    CliRun shadow =
        CliRun.of(
            "cluster-emulator",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--json",
            dir.resolve("run.json").toString(),
            "--shadow",
            recording.toString());
    assertThat(shadow.exitCode()).as(shadow.err()).isZero();
    List<Path> slots;
    try (Stream<Path> files = Files.walk(recording)) {
      slots = files.filter(p -> p.getFileName().toString().startsWith("slot-")).sorted().toList();
    }
    assertThat(slots)
        .isNotEmpty()
        .allSatisfy(p -> assertThat(p.getParent().getFileName().toString()).isEqualTo("test-0"));
    assertThat(Files.readAllLines(slots.get(0)).get(0)).isEqualTo("label,mask,state");

    Path out = dir.resolve("sl");
    CliRun train =
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--from-recording",
            recording.toString(),
            "--steps",
            "4",
            "--validate-every",
            "2",
            "--validation-traces",
            "1",
            "--hidden",
            "16",
            "--layers",
            "1",
            "--out",
            out.toString());
    assertThat(train.exitCode()).as(train.err()).isZero();
    assertThat(out.resolve("final.policy")).exists();
    assertThat(Files.readAllLines(out.resolve("learning-curve.csv"))).hasSize(3);

    // a policy of another window cannot learn from states of 40 columns
    CliRun mismatch =
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-small",
            "--window",
            "20",
            "--from-recording",
            recording.toString(),
            "--steps",
            "4",
            "--out",
            dir.resolve("other").toString());
    assertThat(mismatch.exitCode()).isEqualTo(2);
    assertThat(mismatch.err()).contains("slot-").contains("the policy's");
  }
}
