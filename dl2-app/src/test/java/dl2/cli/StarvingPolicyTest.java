package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A valid policy whose weights never schedule stops at once with one line, instead of running to
 * the slot limit.
 */
class StarvingPolicyTest {
  @TempDir Path dir;

  @Test
  void simulateStopsAPolicyThatNeverSchedulesWithinSeconds() {
    Path policy = dir.resolve("stop.policy");
    TestPolicies.alwaysStops(policy, false);
    long start = System.nanoTime();
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            policy.toString(),
            "--workload",
            "paper-testbed");
    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "dl2: policy "
                + policy
                + " left jobs 1, 2, 3 (and 7 more) of trace test-0 without training"
                + " for 20 slots in a row (slots 0–19) although 6 of 6 nodes had room to let one of them train"
                + System.lineSeparator());
    assertThat(seconds).isLessThan(2);
  }

  @Test
  void compareNamesThePolicyToo() {
    Path policy = dir.resolve("stop.policy");
    TestPolicies.alwaysStops(policy, false);
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--policy",
            policy.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .startsWith(
            "dl2: policy "
                + policy
                + " left jobs 1, 2, 3 (and 7 more) of trace test-0 without training");
    assertThat(run.err().lines()).hasSize(1);
  }

  @Test
  void withTheStartOfSlotBundleTheSamePolicyIsASlowButLegitimateScheduler() {
    Path policy = dir.resolve("bundles.policy");
    TestPolicies.alwaysStops(policy, true);
    CliRun run =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            policy.toString(),
            "--workload",
            "paper-testbed",
            "--traces",
            "1");
    assertThat(run.exitCode()).as(run.err()).isZero();
  }
}
