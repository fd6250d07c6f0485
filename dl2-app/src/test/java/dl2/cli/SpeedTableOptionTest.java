package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpeedTableOptionTest {
  @TempDir Path dir;

  private static final Path EXAMPLE = Path.of("..", "examples", "speed-table.csv");

  @Test
  void aSpeedTableReplacesTheDefaultSpeedModel() {
    CliRun fitted =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--json",
            "-");
    CliRun table =
        CliRun.of(
            "simulate",
            "--scheduler",
            "optimus",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--speed-table",
            EXAMPLE.toString(),
            "--json",
            "-");
    assertThat(table.exitCode()).isZero();
    assertThat(table.out()).isNotEqualTo(fitted.out());
  }

  @Test
  void aTableMissingAModelIsRejectedBeforeAnythingRuns() throws IOException {
    Path file = dir.resolve("partial.csv");
    Files.writeString(file, "model,num_ps,num_workers,speed\nresnet-50,1,1,30\nresnet-50,2,2,40\n");
    Path out = dir.resolve("out.json");
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "drf",
            "--workload",
            "paper-testbed",
            "--speed-table",
            file.toString(),
            "--json",
            out.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .contains("partial.csv")
        .contains("has no rows for model")
        .doesNotContain("\n");
    assertThat(out).doesNotExist();
  }

  @Test
  void droppingZeroSpeedsNeedsATable() {
    CliRun run =
        CliRun.of(
            "simulate", "--scheduler", "drf", "--workload", "paper-testbed", "--drop-zero-speeds");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--drop-zero-speeds needs --speed-table");
  }
}
