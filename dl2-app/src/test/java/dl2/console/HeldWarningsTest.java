package dl2.console;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.cli.CliRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A warning waits until the command goes on; a command that then fails on an input error prints its
 * error line alone.
 */
class HeldWarningsTest {
  private static final String POLICY = Path.of("..", "policies", "paper-small.policy").toString();

  @TempDir Path dir;

  @Test
  void aWarningIsWrittenBeforeTheFirstOtherOutput() {
    StringWriter text = new StringWriter();
    HeldWarnings held = new HeldWarnings(new PrintWriter(text));
    PrintWriter err = held.err();
    err.println("dl2: warning: a policy of another preset");
    assertThat(text.toString()).isEmpty();
    err.print("progress 1/2\r");
    assertThat(text.toString())
        .isEqualTo(
            "dl2: warning: a policy of another preset" + System.lineSeparator() + "progress 1/2\r");
    err.println("dl2: warning: a later one");
    assertThat(text.toString()).endsWith("dl2: warning: a later one" + System.lineSeparator());
  }

  @Test
  void stdoutLetsTheWarningsOutAndDropForgetsThem() {
    StringWriter text = new StringWriter();
    HeldWarnings held = new HeldWarnings(new PrintWriter(text));
    held.err().println("dl2: warning: one");
    held.drop();
    held.err().println("dl2: --x must be at least 1");
    assertThat(text.toString()).isEqualTo("dl2: --x must be at least 1" + System.lineSeparator());
    StringWriter other = new StringWriter();
    StringWriter out = new StringWriter();
    HeldWarnings second = new HeldWarnings(new PrintWriter(other));
    second.err().println("dl2: warning: two");
    second.out(new PrintWriter(out)).print("result");
    assertThat(other.toString()).isEqualTo("dl2: warning: two" + System.lineSeparator());
  }

  @Test
  void aCommandThatFailsOnAnInputErrorPrintsItsErrorLineAlone() {
    CliRun run =
        CliRun.of(
            "train",
            "--warm-start",
            POLICY,
            "--workload",
            "paper-testbed",
            "--out",
            dir.resolve("run").toString(),
            "--shard",
            "0/2");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "dl2: --shard, --merge and --on-kubernetes split a sweep of runs: give --seeds or --workloads"
                + System.lineSeparator());
  }

  @Test
  void aCommandThatGoesOnPrintsItsWarning() {
    CliRun run =
        CliRun.of(
            "simulate",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--scheduler",
            "dl2",
            "--policy",
            POLICY);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err())
        .startsWith("dl2: warning: --policy " + POLICY + ": trained with window 40");
    assertThat(run.out()).startsWith("dl2 on paper-testbed");
  }

  @Test
  void aPolicyOnThePresetItWasTrainedOnRunsWithoutAWarning() {
    // policies/paper-dense.policy was trained with window 40 on paper-dense (window 20): measured
    // there, so no "untested" warning.
    CliRun run =
        CliRun.of(
            "simulate",
            "--workload",
            "paper-dense",
            "--traces",
            "1",
            "--scheduler",
            "dl2",
            "--policy",
            Path.of("..", "policies", "paper-dense.policy").toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).doesNotContain("warning");
  }
}
