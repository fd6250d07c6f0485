package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code calibrate-gpus} without the public files: one line, exit code 2. */
class CalibrateGpusCommandTest {
  @TempDir Path dir;

  @Test
  void aFolderWithoutTheMeasurementsIsNamedInOneLine() {
    CliRun run = CliRun.of("calibrate-gpus", "--traces", dir.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("dl2: ")
        .contains("simulation_throughputs.json")
        .hasLineCount(1)
        .doesNotContain("Exception");
    assertThat(run.out()).isEmpty();
  }
}
