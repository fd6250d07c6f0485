package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void writesTheWholeContentAndLeavesNoTemporaryFile() throws Exception {
    Path target = dir.resolve("sub").resolve("out.txt");
    AtomicFiles.writeString(target, "first");
    AtomicFiles.writeString(target, "second");
    assertThat(Files.readString(target)).isEqualTo("second");
    try (var files = Files.list(target.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("out.txt");
    }
  }

  @Test
  void outputsAreReadableByOthersLikeOrdinaryFiles() throws Exception {
    assumeThat(Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class))
        .isTrue();
    Path target = dir.resolve("report.html");
    AtomicFiles.writeString(target, "<html></html>");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
        .isEqualTo("rw-r--r--");
  }

  @Test
  void aDeviceIsWrittenIntoNeverReplaced() throws Exception {
    Path devNull = Path.of("/dev/null");
    assumeThat(OutputPaths.isDeviceOrPipe(devNull)).isTrue();
    AtomicFiles.writeString(devNull, "discarded");
    assertThat(OutputPaths.isDeviceOrPipe(devNull)).isTrue();
  }

  @Test
  void aLinkIsFollowedAndKept() throws Exception {
    Path real = dir.resolve("real.txt");
    Files.writeString(real, "old");
    Path link = Files.createSymbolicLink(dir.resolve("link.txt"), real.getFileName());
    AtomicFiles.writeString(link, "new");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(real)).isEqualTo("new");
  }

  @Test
  void aDirectoryIsRefusedAndTemporariesOfAKilledWriterAreRemoved() throws Exception {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> AtomicFiles.writeString(sub, "x"))
        .isInstanceOf(java.io.IOException.class)
        .hasMessageContaining("is a directory");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> AtomicFiles.writeString(dir.resolve("made").resolve("."), "x"))
        .isInstanceOf(java.io.IOException.class);
    assertThat(dir.resolve("made"))
        .as("a directory made for a file that was not written")
        .doesNotExist();
    Files.writeString(dir.resolve(".out.json123456.tmp"), "half");
    Files.writeString(dir.resolve("keep.tmp"), "a user's file");
    AtomicFiles.removeTemporaries(dir);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("sub", "keep.tmp");
    }
  }
}
