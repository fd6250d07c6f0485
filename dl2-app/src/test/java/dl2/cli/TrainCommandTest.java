package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole pipeline through the real command line on a tiny budget. */
class TrainCommandTest {
  @TempDir Path dir;

  @Test
  void warmUpThenReinforcementLearningWritesAPolicyThatRuns() throws Exception {
    Path out = dir.resolve("run");
    CliRun run =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--sl-steps",
            "20",
            "--steps",
            "20",
            "--validate-every",
            "10",
            "--validation-traces",
            "2",
            "--hidden",
            "16",
            "--layers",
            "1",
            "--agents",
            "2",
            "--encoding",
            "paper",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readAllLines(out.resolve("rl-curve.csv"))).hasSize(3);
    assertThat(out.resolve("sl").resolve("best.policy")).exists();
    CliRun simulate =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--policy",
            out.resolve("best.policy").toString(),
            "--workload",
            "paper-testbed",
            "--traces",
            "2");
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
  }

  @Test
  void badSwitchesExitWithCodeTwo() {
    for (List<String> bad :
        List.of(
            List.of("--replay", "huge"),
            List.of("--returns", "forever"),
            List.of("--reward", "cash"),
            List.of("--baseline", "none"),
            List.of("--exploration", "wild"),
            List.of("--agents", "0"),
            List.of("--encoding", "fancy"),
            List.of("--network", "deep"),
            List.of("--reward", "all-marginals", "--returns", "discounted"),
            List.of("--reward", "marginal", "--returns", "discounted"))) {
      List<String> args =
          new java.util.ArrayList<>(
              List.of(
                  "train", "--workload", "paper-testbed", "--out", dir.resolve("x").toString()));
      args.addAll(bad);
      CliRun run = CliRun.of(args.toArray(String[]::new));
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.err().strip()).startsWith("dl2: ").doesNotContain("\n");
    }
    assertThat(dir.resolve("x")).doesNotExist();
  }

  /**
   * Under estimated lengths the run trains, validates and tests on estimates, says so in
   * train-config.json, and its test summary sets DL2 beside the baselines that read the same
   * estimates; a resume under exact lengths is refused.
   */
  @Test
  void aRunUnderEstimatedLengthsTestsBesideTheInformationMatchedBaselines() throws Exception {
    Path out = dir.resolve("estimated");
    List<String> args =
        List.of(
            "train",
            "--workload",
            "paper-testbed",
            "--lengths",
            "estimated",
            "--sl-steps",
            "10",
            "--steps",
            "10",
            "--validate-every",
            "5",
            "--validation-traces",
            "2",
            "--hidden",
            "16",
            "--layers",
            "1",
            "--agents",
            "1",
            "--out",
            out.toString());
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readString(out.resolve("train-config.json")))
        .contains("\"lengths\" : \"estimated (calibrated)\"");
    assertThat(Files.readString(out.resolve("summary.json")))
        .contains("optimus-remaining-posterior@fewest-nodes")
        .contains("optimus-remaining-oracle@fewest-nodes");
    assertThat(run.out())
        .contains("x best heuristic (")
        .doesNotContain("x best heuristic (ia-greedy-oracle");
    List<String> exact = new java.util.ArrayList<>(args);
    exact.set(exact.indexOf("estimated"), "exact");
    exact.add("--resume");
    CliRun resumed = CliRun.of(exact.toArray(String[]::new));
    assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(2);
  }

  /** Generated traces have no estimates of their own, and a teacher must read what runs hide. */
  @Test
  void lengthSettingsTrainingCannotHonourAreRefusedInOneLine() {
    for (List<String> bad :
        List.of(
            List.of("--lengths", "estimated", "--length-error", "trace"),
            List.of("--lengths", "unknown", "--teacher", "optimus-remaining"),
            List.of("--lengths", "exact", "--length-error", "uniform:0.2"))) {
      List<String> args =
          new java.util.ArrayList<>(
              List.of(
                  "train", "--workload", "paper-testbed", "--out", dir.resolve("y").toString()));
      args.addAll(bad);
      CliRun run = CliRun.of(args.toArray(String[]::new));
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.err().strip()).startsWith("dl2: ").doesNotContain("\n");
    }
    CliRun teacher =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--lengths",
            "unknown",
            "--teacher",
            "optimus-remaining",
            "--out",
            dir.resolve("y").toString());
    assertThat(teacher.err()).contains("--teacher optimus-remaining needs job lengths");
    assertThat(dir.resolve("y")).doesNotExist();
  }

  @Test
  void theShippedRecipeTrainsAPolicyThatCompareRuns() {
    Path out = dir.resolve("shared");
    CliRun run =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--sl-steps",
            "0",
            "--steps",
            "10",
            "--validate-every",
            "5",
            "--network",
            "shared-columns",
            "--hidden",
            "8",
            "--encoding",
            "paper",
            "--reward",
            "observed-marginals",
            "--entropy",
            "0.001",
            "--exploration",
            "none",
            "--lr",
            "1e-3",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("observation-only")
        .contains("test traces")
        .contains("best.policy")
        .contains("x optimus");
    assertThat(out.resolve("summary.json")).exists();
    CliRun compare =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--policy",
            out.resolve("best.policy").toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(compare.out()).contains("dl2 ");
  }

  @Test
  void anOracleRewardIsSaidToBeOneAndTheOldNamesAreRefused() {
    Path out = dir.resolve("oracle");
    CliRun run =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--sl-steps",
            "0",
            "--steps",
            "4",
            "--validate-every",
            "2",
            "--network",
            "shared-columns",
            "--hidden",
            "8",
            "--reward",
            "oracle-marginals",
            "--exploration",
            "none",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("ORACLE-TRAINED");
    assertThat(
            dl2.learning.file.PolicyFile.load(out.resolve("best.policy")).training().usesOracle())
        .isTrue();
    CliRun old =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--reward",
            "all-marginals",
            "--out",
            dir.resolve("old").toString());
    assertThat(old.exitCode()).isEqualTo(2);
    assertThat(old.err()).contains("oracle-marginals").contains("observed-marginals");
  }

  @Test
  void thePooledEmbeddingNetworkTrainsResumesAndRunsInCompare() throws Exception {
    Path out = dir.resolve("pooled");
    List<String> args =
        List.of(
            "train",
            "--workload",
            "paper-testbed",
            "--sl-steps",
            "0",
            "--validate-every",
            "5",
            "--network",
            "pooled-embeddings",
            "--hidden",
            "8",
            "--encoding",
            "observed",
            "--reward",
            "observed-marginals",
            "--entropy",
            "0.001",
            "--exploration",
            "none",
            "--lr",
            "1e-3",
            "--out",
            out.toString());
    CliRun run = CliRun.of(concat(args, "--steps", "10"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    CliRun resumed = CliRun.of(concat(args, "--steps", "15", "--resume"));
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(java.nio.file.Files.readAllLines(out.resolve("rl-curve.csv"))).hasSize(4);
    CliRun compare =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--decoding",
            "sampled",
            "--policy",
            out.resolve("best.policy").toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(compare.out()).contains("dl2 ");
  }

  /**
   * The placed encoding: a warm-up from ia-greedy labelled by kind of node, RL, a resume, and a
   * compare that runs it.
   */
  @Test
  void thePlacedEncodingTrainsFromIaGreedyResumesAndRunsInCompare() throws Exception {
    Path out = dir.resolve("placed");
    List<String> args =
        List.of(
            "train",
            "--workload",
            "paper-testbed",
            "--world",
            "realistic",
            "--encoding",
            "placed",
            "--teacher",
            "ia-greedy",
            "--bundle-labels",
            "--slot-start-bundle",
            "--stop-labels",
            "--sl-steps",
            "6",
            "--window",
            "4",
            "--validate-every",
            "5",
            "--validation-traces",
            "2",
            "--hidden",
            "8",
            "--out",
            out.toString());
    CliRun run = CliRun.of(concat(args, "--steps", "10"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readString(out.resolve("train-config.json")))
        .startsWith("{\n  \"dl2\" : {\n    \"version\" : ")
        .contains("\"format\" : \"train-config\"")
        .contains("window 12,")
        .contains("placed encoding");
    CliRun resumed = CliRun.of(concat(args, "--steps", "15", "--resume"));
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    CliRun compare =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--world",
            "realistic",
            "--traces",
            "2",
            "--placement",
            "least-loaded",
            "--policy",
            out.resolve("best.policy").toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(compare.out()).contains("dl2 ");
    CliRun bad =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--encoding",
            "placd",
            "--out",
            dir.resolve("bad").toString());
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err().strip())
        .contains("--encoding")
        .contains("must be one of original, paper, observed, placed, typed: placd")
        .doesNotContain("\n");
  }

  private static String[] concat(List<String> args, String... more) {
    List<String> all = new java.util.ArrayList<>(args);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
