package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Output and input paths are checked before any work, with plain one-line messages. */
class OutputPathsTest {
  @TempDir Path dir;

  @Test
  void outputFiles() throws Exception {
    Path file = Files.writeString(dir.resolve("f.json"), "{}");
    OutputPaths.checkFile("--json", file);
    OutputPaths.checkFile("--json", dir.resolve("new").resolve("deeper").resolve("x.json"));
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", Path.of("/")))
        .hasMessage("--json /: is the root directory, not a file");
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", dir))
        .hasMessageEndingWith(": is a directory; give a file name");
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", file.resolve("x.json")))
        .hasMessageEndingWith(file + " is a file, not a directory");
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", dir.resolve("new").resolve(".")))
        .hasMessageEndingWith(": is a directory; give a file name");
    assumeThat(OutputPaths.isDeviceOrPipe(Path.of("/dev/null"))).isTrue();
    OutputPaths.checkFile("--json", Path.of("/dev/null"));
  }

  /**
   * Names the file system cannot hold are refused before any work, not when the output is written
   * after it.
   */
  @Test
  void outputNamesLongerThanTheFileSystemHoldsAreRefused() {
    String name = "n".repeat(OutputPaths.MAX_NAME_BYTES + 1);
    OutputPaths.checkFile("--json", dir.resolve("n".repeat(OutputPaths.MAX_NAME_BYTES)));
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", dir.resolve(name)))
        .hasMessageContaining("is longer than the 255 bytes a file system allows")
        .hasMessageStartingWith("--json ");
    assertThatThrownBy(
            () ->
                OutputPaths.checkDirectory(
                    "--out", dir.resolve("missing").resolve(name).resolve("x")))
        .hasMessageContaining("is longer than the 255 bytes a file system allows");
    // 2 bytes per character: 128 of them are 256 bytes
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", dir.resolve("é".repeat(128))))
        .hasMessageContaining("is longer than the 255 bytes");
    Path deep = dir.resolve(("d".repeat(200) + "/").repeat(21));
    assertThatThrownBy(() -> OutputPaths.checkDirectory("--out", deep))
        .hasMessageContaining("the path is longer than the 4095 bytes a file system allows");
  }

  /**
   * A folder whose permission bits allow writing but where no file can be made (/proc) is found
   * before any work.
   */
  @Test
  void aFolderWhereNoFileCanBeMadeIsRefused() {
    assumeThat(Files.isDirectory(Path.of("/proc", "self"))).isTrue();
    assertThatThrownBy(() -> OutputPaths.checkFile("--json", Path.of("/proc", "dl2-test.json")))
        .hasMessageStartingWith("--json /proc/dl2-test.json: cannot create it in /proc");
    assertThat(dir.toFile().list()).isEmpty();
  }

  @Test
  void outputDirectories() throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    OutputPaths.checkDirectory("--out", dir);
    OutputPaths.checkDirectory("--out", dir.resolve("a").resolve("b"));
    assertThatThrownBy(() -> OutputPaths.checkDirectory("--out", Path.of("/")))
        .hasMessage("--out /: is the root directory; give a directory of its own");
    assertThatThrownBy(() -> OutputPaths.checkDirectory("--out", file))
        .hasMessage("--out " + file + ": is a file, not a directory");
    assertThatThrownBy(() -> OutputPaths.checkDirectory("--out", file.resolve("sub")))
        .hasMessage("--out " + file.resolve("sub") + ": " + file + " is a file, not a directory");
    assertThatThrownBy(() -> OutputPaths.checkDirectory("--out", Path.of("/dev/null")))
        .hasMessage("--out /dev/null: is a file, not a directory");
  }

  @Test
  void inputsMustBeRegularFilesOfAReasonableSize() {
    assertThatThrownBy(() -> OutputPaths.readInput(dir))
        .isInstanceOf(InputException.class)
        .hasMessageEndingWith(": is a directory, not a file");
    assertThatThrownBy(() -> OutputPaths.readInput(dir.resolve("none")))
        .hasMessageEndingWith("cannot be read: no such file");
    assumeThat(Files.exists(Path.of("/dev/zero"))).isTrue();
    assertThatThrownBy(() -> OutputPaths.readInput(Path.of("/dev/zero")))
        .hasMessage("/dev/zero: is not a regular file");
    assertThatThrownBy(() -> OutputPaths.checkInput("--policy", Path.of("/")))
        .hasMessage("--policy /: is a directory, not a file");
  }
}
