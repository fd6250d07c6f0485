package dl2.traces.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.Digests;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TraceFetch} against a file server on loopback that mirrors a three-file catalogue: a fetch
 * installs the files with their attribution, and a bad checksum, a cut connection or a missing file
 * leave nothing in the traces folder, while a second fetch downloads only what is still missing.
 */
class TraceFetchTest {
  private static final byte[] A = "a,b\n1,2\n".getBytes(StandardCharsets.UTF_8);
  private static final byte[] B = "x".repeat(200_000).getBytes(StandardCharsets.UTF_8);
  private static final byte[] LICENCE = "licence text\n".getBytes(StandardCharsets.UTF_8);

  @TempDir Path dir;
  private TraceServer server;
  private PublicTraces catalogue;
  private Path folder;

  @BeforeEach
  void serve() throws Exception {
    server =
        new TraceServer()
            .put("repo/LICENSE", LICENCE)
            .put("repo/data/a.csv", A)
            .put("repo/data/seed=0/b.trace", B);
    catalogue =
        PublicTraces.parse(
            "repository\trepo\towner/repo\t-\tc0ffee\tRepo, X'24\tMIT\tLICENSE\n"
                + line("LICENSE", LICENCE)
                + line("data/a.csv", A)
                + line("data/seed=0/b.trace", B));
    folder = dir.resolve("data/traces");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static String line(String path, byte[] content) {
    return "file\trepo\t" + path + "\t" + content.length + "\t" + Digests.sha256(content) + "\n";
  }

  private TraceFetch.Result fetch() {
    return new TraceFetch(catalogue, FetchOrigin.mirror(server.base())).into(folder, new Counter());
  }

  @Test
  void aFetchInstallsEveryFileWithTheAttributionAndLeavesNothingElse() throws Exception {
    TraceFetch.Result result = fetch();
    assertThat(result.downloaded()).isEqualTo(3);
    assertThat(result.downloadedBytes()).isEqualTo(A.length + B.length + LICENCE.length);
    assertThat(folder.resolve("repo/data/seed=0/b.trace")).hasBinaryContent(B);
    assertThat(folder.resolve("repo/LICENSE")).hasBinaryContent(LICENCE);
    assertThat(Files.readString(folder.resolve("README.md")))
        .contains(
            "| `repo/` | owner/repo @ c0ffee (Repo, X'24) | MIT (`repo/LICENSE`) |",
            "CC-BY-4.0",
            "Jeon");
    assertThat(Files.readAllLines(folder.resolve("SHA256SUMS")))
        .contains(Digests.sha256(A) + "  repo/data/a.csv");
    assertThat(names(dir.resolve("data"))).containsExactly("traces");
    assertThat(catalogue.missingOrDamaged(folder)).isEmpty();
  }

  @Test
  void aCompleteFolderIsCheckedAndLeftAlone() {
    fetch();
    server.requests.clear();
    TraceFetch.Result again = fetch();
    assertThat(again.alreadyComplete()).isTrue();
    assertThat(server.requests).isEmpty();
  }

  @Test
  void aBadChecksumInstallsNothingAndTheNextFetchDownloadsOnlyThatFile() throws Exception {
    byte[] other = B.clone();
    other[10] = 'y';
    server.replace("repo/data/seed=0/b.trace", other);
    assertThatThrownBy(this::fetch)
        .isInstanceOf(DownloadFailure.class)
        .hasMessage(
            "repo/data/seed=0/b.trace from "
                + server.base()
                + "repo/data/seed=0/b.trace: its SHA-256 is "
                + Digests.sha256(other)
                + ", not "
                + Digests.sha256(B)
                + " as pinned; nothing was installed");
    assertThat(folder).doesNotExist();
    server.heal();
    fetchesOnly("repo/data/seed=0/b.trace", B);
  }

  @Test
  void anInterruptedDownloadInstallsNothingAndIsTakenUpAgain() throws Exception {
    server.cut("repo/data/seed=0/b.trace");
    assertThatThrownBy(this::fetch)
        .isInstanceOf(DownloadFailure.class)
        .hasMessageStartingWith(
            "repo/data/seed=0/b.trace from " + server.base() + "repo/data/seed=0/b.trace: ")
        .hasMessageEndingWith("; nothing was installed");
    assertThat(folder).doesNotExist();
    try (Stream<Path> staged = Files.walk(dir)) {
      assertThat(staged.map(Path::toString))
          .noneMatch(p -> p.endsWith(".part") || p.endsWith("b.trace"));
    }
    server.heal();
    fetchesOnly("repo/data/seed=0/b.trace", B);
  }

  @Test
  void aFileTheServerDoesNotHaveStopsTheFetch() {
    catalogue =
        PublicTraces.parse(
            "repository\trepo\towner/repo\t-\tc0ffee\tRepo\tMIT\tLICENSE\n" + line("gone.csv", A));
    assertThatThrownBy(this::fetch)
        .isInstanceOf(DownloadFailure.class)
        .hasMessageContaining("the server answered HTTP 404");
    assertThat(folder).doesNotExist();
  }

  @Test
  void aLongerFileIsCutOffAtItsPinnedSize() {
    server.replace("repo/data/a.csv", "a,b\n1,2\n3,4\n".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(this::fetch)
        .isInstanceOf(DownloadFailure.class)
        .hasMessageContaining("it is longer than the " + A.length + " bytes pinned");
  }

  @Test
  void aDamagedFileOfAnInstallationIsReplacedAndTheRestKept() throws Exception {
    fetch();
    Files.writeString(folder.resolve("repo/data/a.csv"), "changed");
    fetchesOnly("repo/data/a.csv", A);
  }

  /**
   * A fetch that downloads {@code path} alone, keeps the two other files and completes the folder.
   */
  private void fetchesOnly(String path, byte[] content) throws Exception {
    server.requests.clear();
    TraceFetch.Result result = fetch();
    assertThat(server.requests).containsExactly(path);
    assertThat(result.kept()).isEqualTo(2);
    assertThat(folder.resolve(path)).hasBinaryContent(content);
    assertThat(catalogue.missingOrDamaged(folder)).isEmpty();
  }

  @Test
  void progressCountsEveryByteDownloaded() {
    Counter counter = new Counter();
    new TraceFetch(catalogue, FetchOrigin.mirror(server.base())).into(folder, counter);
    assertThat(counter.announced).isEqualTo(A.length + B.length + LICENCE.length);
    assertThat(counter.arrived).isEqualTo(counter.announced);
  }

  private static List<String> names(Path directory) throws Exception {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static final class Counter implements TraceFetch.Listener {
    long announced;
    long arrived;

    @Override
    public void toDownload(long bytes, int files) {
      announced = bytes;
    }

    @Override
    public void arrived(long bytes) {
      arrived += bytes;
    }
  }
}
