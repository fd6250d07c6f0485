package dl2.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output directory's marker says what dl2 wrote there, so that a rerun never overwrites
 * something else.
 */
class OutputMarkerTest {
  @TempDir Path dir;

  @Test
  void markersSayWhatADirectoryHolds() throws Exception {
    Path run = dir.resolve("run");
    assertThat(OutputMarker.claim("--out", run, "train run", "continue it with --resume"))
        .isFalse();
    OutputMarker.write(run, "train run", "dl2 train --out run");
    assertThat(OutputMarker.kindOf(run)).contains("train run");
    assertThatThrownBy(
            () -> OutputMarker.claim("--out", run, "train run", "continue it with --resume"))
        .hasMessage("--out " + run + " already holds a dl2 train run; continue it with --resume");
    assertThat(OutputMarker.claim("--out", run, "train run", null)).isTrue();
    assertThatThrownBy(() -> OutputMarker.claim("--out", run, "compare report", null))
        .hasMessage(
            "--out "
                + run
                + " holds a dl2 train run, not a compare report; choose another directory");
    Path foreign = Files.createDirectories(dir.resolve("home"));
    Files.writeString(foreign.resolve("notes.txt"), "mine");
    assertThatThrownBy(() -> OutputMarker.claim("--out", foreign, "compare report", null))
        .hasMessage("--out " + foreign + " holds other files; choose a new or empty directory");
    Path legacy = Files.createDirectories(dir.resolve("legacy"));
    Files.writeString(legacy.resolve("results.json"), "{}");
    Files.writeString(legacy.resolve("index.html"), "");
    assertThat(OutputMarker.kindOf(legacy)).contains("compare report");
  }
}
