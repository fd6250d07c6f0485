package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/commands.md promises {@code @file} with comments; the same run as the arguments inline. */
class ArgumentFileTest {
  private static String run(String... args) {
    StringWriter out = new StringWriter();
    int code =
        Dl2.commandLineFor(args, new PrintWriter(out), new PrintWriter(new StringWriter()))
            .execute(args);
    assertThat(code).isZero();
    return out.toString();
  }

  @Test
  void argumentsReadFromAFileRunAsTheSameCommandLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("simulate.args");
    Files.writeString(
        file, "--workload paper-testbed\n# the smallest preset\n--traces 1 --scheduler drf\n");

    assertThat(run("simulate", "@" + file))
        .isEqualTo(
            run("simulate", "--workload", "paper-testbed", "--traces", "1", "--scheduler", "drf"))
        .contains("mean");
  }
}
