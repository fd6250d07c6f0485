package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A training run's tree as bytes and back: files, empty directories and links (as links); the same
 * tree, the same bytes.
 */
class TreeArchiveTest {
  @TempDir Path dir;

  private Path run(String name) throws IOException {
    Path run = dir.resolve(name);
    Files.createDirectories(run.resolve("steps/000000004"));
    Files.createDirectories(run.resolve("empty"));
    Files.writeString(run.resolve("steps/000000004/best.policy"), "policy");
    Files.createSymbolicLink(run.resolve("checkpoint"), Path.of("steps/000000004"));
    Files.createSymbolicLink(run.resolve("best.policy"), Path.of("checkpoint/best.policy"));
    return run;
  }

  @Test
  void aRunPackedAndUnpackedIsTheSameTreeAndTheSameTreePacksToTheSameBytes() throws IOException {
    byte[] packed = TreeArchive.pack(run("a"));
    assertThat(TreeArchive.pack(run("b"))).isEqualTo(packed);
    Path copy = dir.resolve("copy");
    TreeArchive.unpack(packed, copy);
    assertThat(Files.readSymbolicLink(copy.resolve("checkpoint")))
        .isEqualTo(Path.of("steps/000000004"));
    assertThat(Files.readString(copy.resolve("best.policy"))).isEqualTo("policy");
    assertThat(copy.resolve("empty")).isEmptyDirectory();
    assertThat(TreeArchive.pack(copy)).isEqualTo(packed);
    assertThat(dir.resolve(".copy.unpack")).doesNotExist();
    assertThatThrownBy(() -> TreeArchive.unpack(packed, copy))
        .hasMessageEndingWith("already exists");
  }

  @Test
  void anArchiveCutShortOrReachingOutsideIsRefusedAndLeavesNothing() throws IOException {
    byte[] packed = TreeArchive.pack(run("a"));
    assertThatThrownBy(
            () -> TreeArchive.unpack(Arrays.copyOf(packed, packed.length - 3), dir.resolve("cut")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a directory tree cut short or damaged");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeUTF("dl2-tree 1");
      out.writeByte('l');
      out.writeUTF("escape");
      out.writeUTF("../../etc");
    }
    assertThatThrownBy(() -> TreeArchive.unpack(bytes.toByteArray(), dir.resolve("out")))
        .hasMessage("a directory tree with an entry outside it: ../../etc");
    assertThat(dir.resolve("cut")).doesNotExist();
    assertThat(dir.resolve(".cut.unpack")).doesNotExist();
    assertThat(dir.resolve(".out.unpack")).doesNotExist();
  }
}
