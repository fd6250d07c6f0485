package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --world}, the realistic presets, {@code calibrate-world} and {@code world-effects}. */
class WorldOptionTest {
  /** The calibration fixture of dl2-traces' tests (extracts of the public files). */
  private static final Path FIXTURE =
      Path.of("..", "dl2-traces", "src", "test", "resources", "world-traces");

  @TempDir Path dir;

  private static String simulate(String... extra) {
    String[] base = {
      "simulate",
      "--scheduler",
      "optimus",
      "--workload",
      "paper-testbed",
      "--traces",
      "2",
      "--json",
      "-"
    };
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    CliRun run = CliRun.of(args);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run.out();
  }

  @Test
  void theDefaultWorldIsTheSimulatorAsItWas() {
    assertThat(simulate("--world", "default")).isEqualTo(simulate());
  }

  @Test
  void theRealisticWorldRenamesThePresetAndChangesResultsReproducibly() {
    String realistic = simulate("--world", "realistic", "--threads", "1");
    assertThat(realistic)
        .contains("\"workload\" : \"paper-testbed-realistic\"")
        .isNotEqualTo(simulate());
    assertThat(simulate("--world", "realistic", "--threads", "2")).isEqualTo(realistic);
  }

  @Test
  void aRealisticPresetIsTheSameAsTheWorldFlag() {
    String[] preset = {
      "simulate",
      "--scheduler",
      "drf",
      "--workload",
      "paper-small-realistic",
      "--traces",
      "1",
      "--json",
      "-"
    };
    String[] flag = {
      "simulate",
      "--scheduler",
      "drf",
      "--workload",
      "paper-small",
      "--world",
      "realistic",
      "--traces",
      "1",
      "--json",
      "-"
    };
    assertThat(CliRun.of(preset).out())
        .isEqualTo(CliRun.of(flag).out())
        .contains("paper-small-realistic");
    String[] back = {
      "simulate",
      "--scheduler",
      "drf",
      "--workload",
      "paper-small-realistic",
      "--world",
      "default",
      "--traces",
      "1",
      "--json",
      "-"
    };
    String[] plain = {
      "simulate", "--scheduler", "drf", "--workload", "paper-small", "--traces", "1", "--json", "-"
    };
    assertThat(CliRun.of(back).out()).isEqualTo(CliRun.of(plain).out());
  }

  @Test
  void anUnknownWorldIsRefusedEverywhere() {
    for (String[] args :
        new String[][] {
          {"simulate", "--scheduler", "drf", "--world", "messy"},
          {"compare", "--world", "messy"},
          {"train", "--world", "messy", "--out", dir.resolve("t").toString()},
          {"train-sl", "--world", "messy", "--out", dir.resolve("s").toString()},
          {"experiment", "agents", "--world", "messy", "--out", dir.resolve("e").toString()}
        }) {
      CliRun run = CliRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo("dl2: --world must be default or realistic: messy" + System.lineSeparator());
    }
  }

  @Test
  void aSpeedTableCannotDriveTheRealisticWorld() throws IOException {
    Path table = dir.resolve("speeds.csv");
    Files.writeString(table, "model,num_ps,num_workers,speed\nresnet-50,1,1,10\n");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--world",
            "realistic",
            "--speed-table",
            table.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: --speed-table cannot be used in the realistic world")
        .hasLineCount(1);
  }

  @Test
  void calibrateWorldPrintsEachParameterAndWritesTheFile() throws IOException {
    Path out = dir.resolve("world.json");
    CliRun run =
        CliRun.of("calibrate-world", "--traces", FIXTURE.toString(), "--out", out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "σ_t",
            "σ_r",
            "ρ",
            "λ",
            "σ_n",
            "colocatedThroughput",
            "(3 files)",
            "differs from the committed calibration",
            "wrote " + out);
    assertThat(Files.readString(out))
        .contains("\"format\" : \"dl2-realistic-world\"", "\"throughputLogSd\" : 0.1514652604186");
  }

  @Test
  void calibrateWorldNamesAMissingFolder() {
    CliRun run =
        CliRun.of(
            "calibrate-world",
            "--traces",
            dir.resolve("none").toString(),
            "--out",
            dir.resolve("w.json").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("dl2: " + dir.resolve("none")).hasLineCount(1);
    assertThat(dir.resolve("w.json")).doesNotExist();
  }

  @Test
  void worldEffectsReportsEachSchedulersFactors() {
    CliRun run =
        CliRun.of(
            "world-effects",
            "--workload",
            "paper-testbed",
            "--world",
            "realistic",
            "--traces",
            "1",
            "--scheduler",
            "drf,optimus");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("paper-testbed-realistic", "interference", "drf", "optimus");
    CliRun exact = CliRun.of("world-effects", "--workload", "paper-testbed", "--traces", "1");
    assertThat(exact.exitCode()).isEqualTo(2);
    assertThat(exact.err()).contains("add --world realistic");
  }
}
