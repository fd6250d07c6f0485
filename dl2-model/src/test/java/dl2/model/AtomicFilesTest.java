package dl2.model;

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
    assumeThat(Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class)).isTrue();
    Path target = dir.resolve("report.html");
    AtomicFiles.writeString(target, "<html></html>");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r--r--");
  }
}
