package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointDirectoryTest {
  @TempDir Path dir;

  private CheckpointDirectory run() {
    return new CheckpointDirectory(
        dir, List.of("best.policy", "curve.csv"), List.of("resume.state"));
  }

  private static void write(CheckpointDirectory.Checkpoint c, String name, String text)
      throws IOException {
    Files.writeString(c.file(name), text);
  }

  private List<String> steps() throws IOException {
    try (Stream<Path> list = Files.list(dir.resolve(CheckpointDirectory.STEPS))) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aCheckpointIsInvisibleUntilCommittedThenEveryLinkShowsIt() throws IOException {
    CheckpointDirectory run = run();
    assertThat(run.current()).isEmpty();
    CheckpointDirectory.Checkpoint first = run.begin(2);
    write(first, "best.policy", "best@2");
    write(first, "curve.csv", "2");
    write(first, "resume.state", "state@2");
    assertThat(run.current()).as("before the commit").isEmpty();
    first.commit();
    assertThat(Files.readString(dir.resolve("best.policy"))).isEqualTo("best@2");
    assertThat(Files.readSymbolicLink(dir.resolve("curve.csv")))
        .isEqualTo(Path.of("checkpoint", "curve.csv"));
    assertThat(dir.resolve("resume.state")).as("internal files are not linked").doesNotExist();

    CheckpointDirectory.Checkpoint second = run.begin(4);
    second.keep("best.policy");
    write(second, "curve.csv", "2\n4");
    write(second, "resume.state", "state@4");
    assertThat(Files.readString(dir.resolve("curve.csv"))).as("still the first").isEqualTo("2");
    second.commit();
    assertThat(Files.readString(dir.resolve("curve.csv"))).isEqualTo("2\n4");
    assertThat(Files.readString(dir.resolve("best.policy"))).as("kept").isEqualTo("best@2");
    assertThat(Files.readString(run.current().orElseThrow().resolve("resume.state")))
        .isEqualTo("state@4");
    assertThat(steps()).containsExactly("000000004");
  }

  @Test
  void aStepAKilledRunWroteButNeverCommittedIsReplaced() throws IOException {
    CheckpointDirectory run = run();
    CheckpointDirectory.Checkpoint first = run.begin(2);
    write(first, "curve.csv", "2");
    first.commit();
    write(run.begin(4), "curve.csv", "half");
    assertThat(Files.readString(dir.resolve("curve.csv"))).isEqualTo("2");
    CheckpointDirectory.Checkpoint again = run.begin(4);
    assertThat(again.file("curve.csv")).doesNotExist();
    write(again, "curve.csv", "2\n4");
    again.commit();
    assertThat(Files.readString(dir.resolve("curve.csv"))).isEqualTo("2\n4");
  }

  @Test
  void anEarlierVersionsLooseFilesAreTheCurrentCheckpointUntilReplacedByLinks() throws IOException {
    Files.writeString(dir.resolve("best.policy"), "old best");
    Files.writeString(dir.resolve("resume.state"), "old state");
    CheckpointDirectory run = run();
    assertThat(run.current()).contains(dir);
    CheckpointDirectory.Checkpoint next = run.begin(6);
    next.keep("best.policy");
    write(next, "curve.csv", "6");
    write(next, "resume.state", "new state");
    next.commit();
    assertThat(Files.isSymbolicLink(dir.resolve("best.policy"))).isTrue();
    assertThat(Files.readString(dir.resolve("best.policy"))).isEqualTo("old best");
    assertThat(dir.resolve("resume.state")).doesNotExist();
    run.clear();
    assertThat(run.current()).isEmpty();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }
}
