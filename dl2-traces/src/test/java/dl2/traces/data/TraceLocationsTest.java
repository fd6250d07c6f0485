package dl2.traces.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the traces are installed and looked up, and the one line when they are nowhere. */
class TraceLocationsTest {
  @TempDir Path dir;

  @Test
  void theDataDirectoryFollowsDl2DataThenXdgThenHome() {
    assertThat(
            TraceLocations.dataDirectory(
                Map.of("DL2_DATA", "/d", "XDG_DATA_HOME", "/x", "HOME", "/h")))
        .isEqualTo(Path.of("/d"));
    assertThat(TraceLocations.dataDirectory(Map.of("XDG_DATA_HOME", "/x", "HOME", "/h")))
        .isEqualTo(Path.of("/x/dl2"));
    assertThat(TraceLocations.dataDirectory(Map.of("XDG_DATA_HOME", "relative", "HOME", "/h")))
        .as("the XDG rule ignores a relative XDG_DATA_HOME")
        .isEqualTo(Path.of("/h/.local/share/dl2"));
    assertThat(TraceLocations.dataDirectory(Map.of("HOME", "/h")))
        .isEqualTo(Path.of("/h/.local/share/dl2"));
  }

  @Test
  void theInstalledTracesComeFirstThenSharedBesideTheInstallation() {
    TraceLocations locations =
        TraceLocations.of(
            Map.of("DL2_DATA", dir.resolve("data").toString()), dir.resolve("checkout"));
    assertThat(locations.installed()).isEqualTo(dir.resolve("data/traces"));
    assertThat(locations.roots())
        .containsExactly(dir.resolve("data/traces"), dir.resolve("shared/traces"));
  }

  @Test
  void aRelativeTracePathIsLookedUpInTheFirstFolderThatHasIt() throws Exception {
    TraceLocations locations =
        TraceLocations.of(
            Map.of("DL2_DATA", dir.resolve("data").toString()), dir.resolve("checkout"));
    Files.createDirectories(dir.resolve("shared/traces/adaptdl"));
    Files.writeString(dir.resolve("shared/traces/adaptdl/philly.csv"), "x");
    assertThat(locations.resolve("IN", Path.of("adaptdl/philly.csv")))
        .isEqualTo(dir.resolve("shared/traces/adaptdl/philly.csv"));
    assertThat(locations.root()).contains(dir.resolve("shared/traces"));
    Files.createDirectories(dir.resolve("data/traces/adaptdl"));
    Files.writeString(dir.resolve("data/traces/adaptdl/philly.csv"), "y");
    assertThat(locations.resolve("IN", Path.of("adaptdl/philly.csv")))
        .isEqualTo(dir.resolve("data/traces/adaptdl/philly.csv"));
    assertThat(locations.resolve("IN", dir.resolve("shared/traces/adaptdl/philly.csv")))
        .as("an existing path is taken as given")
        .isEqualTo(dir.resolve("shared/traces/adaptdl/philly.csv"));
  }

  @Test
  void withoutTracesTheErrorNamesTheFoldersAndTheFetchCommand() {
    TraceLocations locations =
        TraceLocations.of(
            Map.of("DL2_DATA", dir.resolve("data").toString()), dir.resolve("checkout"));
    String searched = dir.resolve("data/traces") + " or " + dir.resolve("shared/traces");
    assertThatThrownBy(() -> locations.resolve("IN", Path.of("gavel/scheduler/traces/msr/seed=0")))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "IN gavel/scheduler/traces/msr/seed=0: no such file or directory, here or in "
                + searched
                + "; get the public traces with ./dl2 traces fetch");
    assertThatThrownBy(locations::requireRoot)
        .isInstanceOf(InputException.class)
        .hasMessage("no public traces in " + searched + "; get them with ./dl2 traces fetch");
  }

  @Test
  void withTracesAMissingFileIsJustMissing() throws Exception {
    TraceLocations locations =
        TraceLocations.of(
            Map.of("DL2_DATA", dir.resolve("data").toString()), dir.resolve("checkout"));
    Files.createDirectories(dir.resolve("data/traces"));
    assertThatThrownBy(() -> locations.resolve("IN", Path.of("typo.csv")))
        .hasMessage(
            "IN typo.csv: no such file or directory, here or in "
                + dir.resolve("data/traces")
                + " or "
                + dir.resolve("shared/traces"));
  }
}
