package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dl2.traces.data.TraceLocations;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dl2 traces fetch} and {@code where} against a file server on loopback, and the one line of
 * every trace command when the public traces are nowhere. The data directory is a scratch folder
 * (the Java property dl2.data stands for DL2_DATA) and the installation one without ../shared
 * beside it, so nothing outside the test is read or written.
 */
class TracesCommandTest {
  @TempDir Path dir;
  private String previousData;
  private String previousHome;

  @BeforeEach
  void isolate() throws IOException {
    previousData = System.getProperty("dl2.data");
    previousHome = System.getProperty("dl2.home");
    System.setProperty("dl2.data", dir.resolve("data").toString());
    System.setProperty("dl2.home", Files.createDirectories(dir.resolve("checkout")).toString());
  }

  @AfterEach
  void restore() {
    restore("dl2.data", previousData);
    restore("dl2.home", previousHome);
  }

  private static void restore(String key, String value) {
    if (value == null) {
      System.clearProperty(key);
    } else {
      System.setProperty(key, value);
    }
  }

  @Test
  void everyTraceCommandSaysHowToGetTheTracesWhenThereAreNone() {
    String searched = dir.resolve("data/traces") + " or " + dir.resolve("shared/traces");
    String[][] commands = {
      {
        "convert",
        "--from",
        "gavel",
        "gavel/scheduler/traces/msr/seed=0",
        "--vc",
        "6c71a0",
        "--out",
        dir.resolve("g.csv").toString()
      },
      {
        "convert",
        "--from",
        "pollux-philly",
        "adaptdl/simulator/traces/philly.csv",
        "--window-jobs",
        "60",
        "--list"
      },
      {"bench-trace", "adaptdl/simulator/traces/philly.csv", "--from", "pollux-philly"}
    };
    for (String[] command : commands) {
      CliRun run = CliRun.of(command);
      assertThat(run.exitCode()).as(String.join(" ", command)).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo(
              "dl2: IN "
                  + command[command[0].equals("convert") ? 3 : 1]
                  + ": no such file or directory, here or in "
                  + searched
                  + "; get the public traces with ./dl2 traces fetch\n");
    }
    CliRun calibrate = CliRun.of("calibrate-world");
    assertThat(calibrate.exitCode()).isEqualTo(2);
    assertThat(calibrate.err())
        .isEqualTo("dl2: no public traces in " + searched + "; get them with ./dl2 traces fetch\n");
    CliRun realTraces =
        CliRun.of("experiment", "real-traces", "--quick", "--out", dir.resolve("exp").toString());
    assertThat(realTraces.exitCode()).isEqualTo(2);
    assertThat(realTraces.err())
        .endsWith(
            "Pollux workload not found; get the public traces with ./dl2 traces fetch (or pass --traces DIR)\n")
        .hasLineCount(1);
    assertThat(dir.resolve("exp")).doesNotExist();
  }

  @Test
  void aMirrorWithoutTheFilesFailsInOneLineAndInstallsNothing() throws Exception {
    try (FolderServer server = new FolderServer(Files.createDirectories(dir.resolve("empty")))) {
      CliRun run = CliRun.of("traces", "fetch", "--mirror", server.url());
      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(run.err().lines().filter(l -> l.startsWith("dl2: ")))
          .containsExactly(
              "dl2: adaptdl/LICENSE from "
                  + server.url()
                  + "adaptdl/LICENSE: the server answered HTTP 404; nothing was installed");
    }
    assertThat(dir.resolve("data/traces")).doesNotExist();
    CliRun where = CliRun.of("traces", "where");
    assertThat(where.out())
        .contains(
            dir.resolve("data/traces") + " (where dl2 traces fetch installs them): absent",
            "no public traces yet: get them with ./dl2 traces fetch");
  }

  @Test
  void aMirrorMustBeAnHttpUrl() {
    CliRun run = CliRun.of("traces", "fetch", "--mirror", "ftp://example.org/traces");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("dl2: --mirror ftp://example.org/traces: give an http:// or https:// URL\n");
  }

  /**
   * The whole path a new user takes, with a loopback server holding a copy of the public traces
   * (found as the commands find them outside this test; skipped without them, failed under
   * DL2_REQUIRE_TRACES=1): fetch, then convert finds philly.csv by its path in the traces folder.
   */
  @Test
  void fetchedTracesAreWhereTheTraceCommandsLook() throws Exception {
    Path source = publicTracesOutsideThisTest();
    try (FolderServer server = new FolderServer(source)) {
      CliRun fetch = CliRun.of("traces", "fetch", "--mirror", server.url());
      assertThat(fetch.exitCode()).as(fetch.err()).isZero();
      assertThat(fetch.out())
          .startsWith(
              "installed the public traces in "
                  + dir.resolve("data/traces")
                  + ": 58 files, 58 downloaded");
      CliRun again = CliRun.of("traces", "fetch", "--mirror", server.url());
      assertThat(again.out())
          .contains("are complete (58 files, each SHA-256 checked); nothing to fetch");
    }
    assertThat(dir.resolve("data/traces/README.md"))
        .content()
        .contains("CC-BY-4.0", "petuum/adaptdl, branch osdi21-artifact @");
    CliRun list =
        CliRun.of(
            "convert",
            "--from",
            "pollux-philly",
            "adaptdl/simulator/traces/philly.csv",
            "--window-jobs",
            "60",
            "--list");
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.out()).contains("test         8295      138");
    assertThat(CliRun.of("traces", "where").out())
        .contains(
            "all 58 files intact", "trace paths are looked up in " + dir.resolve("data/traces"));
  }

  private static Path publicTracesOutsideThisTest() {
    Optional<Path> found =
        TraceLocations.of(System.getenv(), Path.of("..").toAbsolutePath().normalize()).root();
    if (found.isEmpty()) {
      if ("1".equals(System.getenv("DL2_REQUIRE_TRACES"))) {
        fail(
            "no public traces to serve (DL2_REQUIRE_TRACES=1 requires them): get them with ./dl2 traces fetch");
      }
      assumeTrue(false, "no public traces to serve here");
    }
    return found.get();
  }

  /** Serves a folder's files on loopback. */
  private static final class FolderServer implements AutoCloseable {
    private final HttpServer server;

    FolderServer(Path root) throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/", exchange -> serve(root, exchange));
      server.start();
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    private static void serve(Path root, HttpExchange exchange) throws IOException {
      Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
      if (!file.startsWith(root) || !Files.isRegularFile(file)) {
        exchange.sendResponseHeaders(404, -1);
      } else {
        byte[] content = Files.readAllBytes(file);
        exchange.sendResponseHeaders(200, content.length);
        exchange.getResponseBody().write(content);
      }
      exchange.close();
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }
}
