package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A valid policy whose weights never schedule is still a scheduler: with the start-of-slot bundle
 * every job trains at 1/1, and without it the last-resort guard lets the first job by id train, so
 * the run ends instead of stopping as starved (a scheduler that starves its jobs stops with one
 * line: StarvationWatchTest, SlotLoopTest).
 */
class StarvingPolicyTest {
  @TempDir Path dir;

  @Test
  void withoutTheStartOfSlotBundleTheLastResortGuardRunsThePolicyToTheEnd() {
    Path policy = dir.resolve("stop.policy");
    TestPolicies.alwaysStops(policy, false);
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
    assertThat(run.out()).contains("test-0");
  }

  @Test
  void oneJobAtATimeIsSlowerThanEveryJobAtOnce() {
    Path alone = dir.resolve("stop.policy");
    Path bundles = dir.resolve("bundles.policy");
    TestPolicies.alwaysStops(alone, false);
    TestPolicies.alwaysStops(bundles, true);
    assertThat(meanJct(alone)).isGreaterThan(meanJct(bundles));
  }

  private static double meanJct(Path policy) {
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
    String mean = run.out().lines().filter(l -> l.startsWith("mean")).findFirst().orElseThrow();
    return Double.parseDouble(mean.trim().split("\\s+")[1]);
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
