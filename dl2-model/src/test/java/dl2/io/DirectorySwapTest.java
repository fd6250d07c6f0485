package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Report directories replaced whole, and every state a killed swap can leave. */
class DirectorySwapTest {
  @TempDir Path dir;

  private Path report() {
    return dir.resolve("report");
  }

  private static void version(Path staging, String tag) throws IOException {
    Files.writeString(staging.resolve("index.html"), tag);
    Files.createDirectories(staging.resolve("figures"));
    Files.writeString(staging.resolve("figures").resolve(tag + ".svg"), tag);
  }

  private List<String> entries() throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.map(p -> dir.relativize(p).toString())
          .filter(s -> !s.isEmpty())
          .sorted()
          .toList();
    }
  }

  @Test
  void aNewVersionReplacesTheOldOneWholeAndCarriesTheNamedEntries() throws IOException {
    DirectorySwap.replace(report(), List.of("runs"), s -> version(s, "v1"));
    Files.createDirectories(report().resolve("runs").resolve("a"));
    DirectorySwap.replace(report(), List.of("runs"), s -> version(s, "v2"));
    assertThat(entries())
        .containsExactly(
            "report",
            "report/figures",
            "report/figures/v2.svg",
            "report/index.html",
            "report/runs",
            "report/runs/a");
  }

  @Test
  void aFailingWriterLeavesTheOldVersion() throws IOException {
    DirectorySwap.replace(report(), List.of(), s -> version(s, "v1"));
    assertThatThrownBy(
            () ->
                DirectorySwap.replace(
                    report(),
                    List.of(),
                    s -> {
                      version(s, "v2");
                      throw new IOException("disk full");
                    }))
        .hasMessage("disk full");
    assertThat(Files.readString(report().resolve("index.html"))).isEqualTo("v1");
    assertThat(entries())
        .containsExactly("report", "report/figures", "report/figures/v1.svg", "report/index.html");
  }

  @Test
  void anUnfinishedNewVersionIsDiscarded() throws IOException {
    DirectorySwap.replace(report(), List.of(), s -> version(s, "v1"));
    Files.createDirectories(dir.resolve(".report.new"));
    version(dir.resolve(".report.new"), "half");
    DirectorySwap.recover(report(), List.of());
    assertThat(entries())
        .containsExactly("report", "report/figures", "report/figures/v1.svg", "report/index.html");
  }

  @Test
  void aReadyVersionIsSwappedInWhenTheKillCameBeforeOrBetweenTheRenames() throws IOException {
    DirectorySwap.replace(report(), List.of("runs"), s -> version(s, "v1"));
    Files.createDirectories(report().resolve("runs"));
    Path ready = Files.createDirectories(dir.resolve(".report.ready"));
    version(ready, "v2");
    DirectorySwap.recover(report(), List.of("runs")); // killed before renaming report away
    assertThat(Files.readString(report().resolve("index.html"))).isEqualTo("v2");
    assertThat(report().resolve("runs")).isDirectory();

    Files.createDirectories(dir.resolve(".report.ready"));
    version(dir.resolve(".report.ready"), "v3");
    Files.move(report().resolve("runs"), dir.resolve(".report.ready").resolve("runs"));
    Files.move(report(), dir.resolve(".report.old"));
    DirectorySwap.recover(report(), List.of("runs")); // killed between the two renames
    assertThat(Files.readString(report().resolve("index.html"))).isEqualTo("v3");
    assertThat(report().resolve("runs")).isDirectory();
    assertThat(dir.resolve(".report.old")).doesNotExist();
  }

  @Test
  void anOldVersionWithoutANewOneIsPutBack() throws IOException {
    DirectorySwap.replace(report(), List.of(), s -> version(s, "v1"));
    Files.move(report(), dir.resolve(".report.old"));
    DirectorySwap.recover(report(), List.of());
    assertThat(Files.readString(report().resolve("index.html"))).isEqualTo("v1");
  }
}
