package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A training run's tree copied as it is: files, directories and links (as links), appearing whole.
 */
class TreeCopyTest {
  @TempDir Path dir;

  @Test
  void aRunIsCopiedWithItsLinksAsLinks() throws IOException {
    Path run = dir.resolve("run");
    Files.createDirectories(run.resolve("steps/000000004"));
    Files.writeString(run.resolve("steps/000000004/best.policy"), "policy");
    Files.createSymbolicLink(run.resolve("checkpoint"), Path.of("steps/000000004"));
    Files.createSymbolicLink(run.resolve("best.policy"), Path.of("checkpoint/best.policy"));
    Path copy = dir.resolve("copies").resolve("run");
    Files.createDirectories(copy.getParent());
    TreeCopy.copy(run, copy);
    assertThat(Files.readSymbolicLink(copy.resolve("checkpoint")))
        .isEqualTo(Path.of("steps/000000004"));
    assertThat(Files.readSymbolicLink(copy.resolve("best.policy")))
        .isEqualTo(Path.of("checkpoint/best.policy"));
    assertThat(Files.readString(copy.resolve("best.policy"))).isEqualTo("policy");
    assertThat(copy.resolveSibling(".run.copy")).doesNotExist();
    assertThatThrownBy(() -> TreeCopy.copy(run, copy)).hasMessageEndingWith("already exists");
  }
}
