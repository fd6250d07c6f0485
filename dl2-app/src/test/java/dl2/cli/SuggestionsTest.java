package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** A mistyped command, option or name gets one line naming the closest valid one, and exit 2. */
class SuggestionsTest {
  private static String errorOf(String... args) {
    StringWriter err = new StringWriter();
    PrintWriter e = new PrintWriter(err);
    int code = Dl2.commandLineFor(args, new PrintWriter(new StringWriter()), e).execute(args);
    e.flush();
    assertThat(code).as(String.join(" ", args)).isEqualTo(2);
    assertThat(err.toString().lines()).as(String.join(" ", args)).hasSize(1);
    return err.toString().strip();
  }

  @Test
  void aMistypedCommand() {
    assertThat(errorOf("comprae"))
        .isEqualTo("dl2: unknown command 'comprae' (did you mean 'compare'?); see dl2 --help");
  }

  @Test
  void aMistypedOption() {
    assertThat(errorOf("compare", "--wrkload", "paper-dense"))
        .isEqualTo(
            "dl2: unknown option '--wrkload' for 'compare' (did you mean '--workload'?);"
                + " see dl2 compare --help");
    assertThat(errorOf("compare", "--bogus-flag-that-is-far=3"))
        .isEqualTo(
            "dl2: unknown option '--bogus-flag-that-is-far' for 'compare'; see dl2 compare --help");
  }

  @Test
  void mistypedNames() {
    assertThat(errorOf("simulate", "--workload", "paper-testbed", "--scheduler", "tiresas"))
        .contains("unknown scheduler 'tiresas' (did you mean 'tiresias'?)");
    assertThat(errorOf("simulate", "--workload", "paper-dnse", "--scheduler", "drf"))
        .contains("(did you mean 'paper-dense'?)");
  }

  @Test
  void anArgumentNoCommandTakes() {
    assertThat(errorOf("compare", "extra")).startsWith("dl2: unexpected argument 'extra'");
  }
}
