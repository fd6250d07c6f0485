package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.schedulers.registry.Schedulers;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
  @Test
  void reportsEveryBaselineAndTheTotal() {
    CliRun run =
        CliRun.of("bench", "--workload", "paper-testbed", "--traces", "2", "--repeat", "3");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("slots/s", "all " + Schedulers.BASELINES.size(), "3 repeat(s)", "1 thread(s)");
    assertThat(run.out().lines().filter(l -> l.matches("^(drf|fifo|srtf|tetris|optimus) .*")))
        .hasSize(5);
    assertThat(
            run.out()
                .lines()
                .filter(l -> l.matches("^(drf|fifo|srtf|tetris|optimus|optimus-fitted) .* -$")))
        .hasSize(6);
    assertThat(run.out()).as("no Python figures off their workload").doesNotContain("vs Python:");
  }

  /**
   * On the Python figures' workload (10 paper-large traces), every baseline with a figure gets a
   * ratio.
   */
  @Test
  void setsTheBaselinesAgainstThePythonFiguresOnTheirWorkload() {
    CliRun run = CliRun.of("bench", "--workload", "paper-large");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("vs Python: the original Python implementation's CPU seconds");
    assertThat(
            run.out().lines().filter(l -> l.matches("^(drf|fifo|srtf|tetris|optimus) .* \\d+x$")))
        .hasSize(5);
    assertThat(run.out().lines().filter(l -> l.matches("^optimus-fitted .* -$"))).hasSize(1);
  }

  @Test
  void medianOfEvenCountAveragesTheMiddlePair() {
    assertThat(BenchCommand.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    assertThat(BenchCommand.median(new double[] {5, 1, 3})).isEqualTo(3);
  }

  /**
   * A policy of the shipped recipe (observed encoding, pooled network) fits its speeds as the dl2
   * scheduler does.
   */
  @Test
  void benchPolicyRunsAPolicyOfTheShippedRecipe(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    java.nio.file.Path out = dir.resolve("run");
    CliRun trained =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--steps",
            "2",
            "--validate-every",
            "2",
            "--validation-traces",
            "1",
            "--threads",
            "1",
            "--out",
            out.toString());
    assertThat(trained.exitCode()).as(trained.err()).isZero();
    CliRun run =
        CliRun.of(
            "bench-policy",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--policy",
            out.resolve("best.policy").toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("pooled-embeddings network", "one decision, fast path:", "one slot, fast path:");
    CliRun placed =
        CliRun.of(
            "bench-policy",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--encoding",
            "placed",
            "--against",
            out.resolve("best.policy").toString());
    assertThat(placed.exitCode()).as(placed.err()).isZero();
    assertThat(placed.out())
        .contains(
            "policy untrained, pooled-embeddings network, placed encoding, J=120",
            "against "
                + out.resolve("best.policy")
                + ", pooled-embeddings network, observed encoding, J=40");
    assertThat(
            placed
                .out()
                .lines()
                .filter(
                    l ->
                        l.matches(
                            "^one (decision|slot), fast path: .*untrained: .*× this median\\)$")))
        .hasSize(2);
  }

  /** An untrained network's encoding does not go with a policy file, which has its own. */
  @Test
  void benchPolicyRefusesAnEncodingForAPolicyFile() {
    CliRun run =
        CliRun.of(
            "bench-policy",
            "--workload",
            "paper-testbed",
            "--policy",
            "policies/paper-small.policy",
            "--encoding",
            "placed");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--encoding is for the untrained network").hasLineCount(1);
  }
}
