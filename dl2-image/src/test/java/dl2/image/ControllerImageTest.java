package dl2.image;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.cli.Dl2;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The controller image's class path is this module's (deploy/Dockerfile copies its target/lib): it
 * holds the controller and the fabric8 client but no test cluster, and the commands that need the
 * emulator say in one line that it is not there.
 */
class ControllerImageTest {
  /**
   * Jars of the mock API server and what only it brings: a web server with HTTP/3, and a crypto
   * provider.
   */
  private static final List<String> LEFT_OUT =
      List.of(
          "dl2-emulator",
          "kubernetes-server-mock",
          "mockwebserver",
          "vertx-",
          "netty-",
          "bcprov",
          "bcpkix",
          "bcutil");

  @Test
  void theClassPathHoldsTheControllerButNoTestCluster() {
    List<String> entries =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .map(e -> Path.of(e).getFileName().toString())
            .toList();
    assertThat(entries).anyMatch(e -> e.startsWith("kubernetes-client-"));
    for (String banned : LEFT_OUT) {
      assertThat(entries)
          .as("class path entries starting with %s", banned)
          .noneMatch(e -> e.startsWith(banned));
    }
  }

  @Test
  void theEmulatorsCommandsSayTheEmulatorIsNotInstalled() {
    StringWriter err = new StringWriter();
    int code =
        Dl2.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err, true))
            .execute(
                "cluster-emulator",
                "--workload",
                "paper-testbed",
                "--scheduler",
                "drf",
                "--json",
                "-");
    assertThat(code).isEqualTo(Dl2.EXIT_INPUT);
    assertThat(err.toString())
        .startsWith(
            "dl2: cluster-emulator needs the cluster emulator, which this installation leaves out")
        .doesNotContain("Exception")
        .hasLineCount(1);
  }

  @Test
  void theControllerRunsWithoutTheEmulator() {
    StringWriter out = new StringWriter();
    int code =
        Dl2.commandLine(new PrintWriter(out, true), new PrintWriter(new StringWriter()))
            .execute("controller", "--help");
    assertThat(code).isZero();
    assertThat(out.toString()).contains("Usage: dl2 controller");
  }
}
