package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which shipped policy runs as dl2 (docs/results/lengths.md): under {@code --lengths estimated} or
 * {@code unknown}, {@code policies/PRESET-LENGTHS.policy} where it is shipped, else the preset's
 * own; with exact lengths always the preset's own. The runs are one paper-testbed trace, so each
 * takes well under a second.
 */
class ShippedPolicyByLengthsTest {
  @TempDir Path dir;
  private Path policies;

  @BeforeEach
  void shipTwoPolicies() throws Exception {
    policies = dir.resolve("home").resolve("policies");
    Files.createDirectories(policies);
    TestPolicies.untrained(policies.resolve("paper-testbed.policy"), 2);
    TestPolicies.untrained(policies.resolve("paper-testbed-unknown.policy"), 2);
  }

  /** The "dl2 = policy FILE" line compare prints, under {@code --lengths lengths}. */
  private String policyLine(String lengths) throws Exception {
    String[] line = new String[1];
    TestPolicies.withHome(
        dir.resolve("home"),
        () -> {
          CliRun run =
              CliRun.of(
                  "compare",
                  "--workload",
                  "paper-testbed",
                  "--traces",
                  "1",
                  "--threads",
                  "1",
                  "--scheduler",
                  "dl2,drf",
                  "--lengths",
                  lengths);
          assertThat(run.exitCode()).as(run.err()).isZero();
          line[0] = run.out().lines().filter(l -> l.startsWith("dl2 = policy ")).findFirst().get();
        });
    return line[0];
  }

  @Test
  void unknownLengthsRunThePolicyTrainedForThem() throws Exception {
    assertThat(policyLine("unknown"))
        .contains(policies.resolve("paper-testbed-unknown.policy").toString());
  }

  @Test
  void exactLengthsRunThePresetsOwnPolicyEvenBesideOneForUnknownLengths() throws Exception {
    assertThat(policyLine("exact"))
        .contains(policies.resolve("paper-testbed.policy").toString())
        .doesNotContain("-unknown");
  }

  @Test
  void estimatedLengthsFallBackToThePresetsOwnPolicyWhenNoneIsShippedForThem() throws Exception {
    assertThat(policyLine("estimated"))
        .contains(policies.resolve("paper-testbed.policy").toString())
        .doesNotContain("-unknown");
  }

  @Test
  void simulateUnderUnknownLengthsRunsThePolicyTrainedForThem() throws Exception {
    Files.delete(policies.resolve("paper-testbed.policy"));
    TestPolicies.withHome(
        dir.resolve("home"),
        () -> {
          CliRun unknown =
              CliRun.of(
                  "simulate",
                  "--workload",
                  "paper-testbed",
                  "--traces",
                  "1",
                  "--threads",
                  "1",
                  "--scheduler",
                  "dl2",
                  "--lengths",
                  "unknown");
          assertThat(unknown.exitCode()).as(unknown.err()).isZero();
          // Without a policy for exact lengths, dl2 has nothing to run there.
          CliRun exact =
              CliRun.of(
                  "simulate",
                  "--workload",
                  "paper-testbed",
                  "--traces",
                  "1",
                  "--threads",
                  "1",
                  "--scheduler",
                  "dl2");
          assertThat(exact.exitCode()).isEqualTo(2);
        });
  }
}
