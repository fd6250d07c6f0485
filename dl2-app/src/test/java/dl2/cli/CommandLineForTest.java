package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code main} builds only the command it runs; every answer must be the one of the whole command
 * line.
 */
class CommandLineForTest {
  private static List<String> run(boolean onlyNeeded, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    PrintWriter o = new PrintWriter(out);
    PrintWriter e = new PrintWriter(err);
    int code = (onlyNeeded ? Dl2.commandLineFor(args, o, e) : Dl2.commandLine(o, e)).execute(args);
    o.flush();
    e.flush();
    return List.of(String.valueOf(code), out.toString(), err.toString());
  }

  @Test
  void answersAsTheWholeCommandLine() {
    List<String[]> cases =
        List.of(
            new String[] {"--version"},
            new String[] {"-V"},
            new String[] {"--help"},
            new String[] {},
            new String[] {"simulate", "--help"},
            new String[] {"help", "simulate"},
            new String[] {"simulat"},
            new String[] {"simulate", "--bogus"},
            new String[] {"--version", "simulate"},
            new String[] {
              "simulate", "--workload", "paper-testbed", "--traces", "1", "--scheduler", "fifo"
            });
    for (String[] args : cases) {
      assertThat(run(true, args)).as(String.join(" ", args)).isEqualTo(run(false, args));
    }
    assertThat(run(true, "--version").get(1)).startsWith("dl2 ");
    assertThat(run(true, "simulate", "--bogus").get(0)).isEqualTo("2");
  }
}
