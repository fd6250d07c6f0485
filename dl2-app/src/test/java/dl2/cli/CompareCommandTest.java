package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.Json;
import dl2.schedulers.registry.Schedulers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class CompareCommandTest {
  /**
   * DRF's average JCT on val-0 of paper-testbed (seed 9973), as compare wrote it before the test
   * set became the default.
   */
  private static final double VALIDATION_DRF_TRACE_0 = 1.0507009857418186;

  /** optimus-fitted's on val-1 and tetris' mean over both, likewise. */
  private static final double VALIDATION_FITTED_TRACE_1 = 0.9910593347280464;

  private static final double VALIDATION_TETRIS_MEAN = 4.312741941490104;

  @TempDir Path dir;

  @Test
  void resultsJsonHoldsEveryBaselineInOrder() throws IOException {
    CliRun run =
        CliRun.of(
            "compare", "--workload", "paper-testbed", "--traces", "3", "--out", dir.toString());
    assertThat(run.exitCode()).isZero();
    JsonNode root = Json.mapper().readTree(dir.resolve("results.json").toFile());
    assertThat(root.get("workload").asString()).isEqualTo("paper-testbed");
    assertThat(root.get("traces"))
        .extracting(JsonNode::asString)
        .containsExactly("test-0", "test-1", "test-2");
    assertThat(root.get("trace_set").asString()).isEqualTo("test");
    List<String> names = root.get("schedulers").properties().stream().map(e -> e.getKey()).toList();
    assertThat(names)
        .isEqualTo(
            new PlacementOptions().comparedSchedulers(List.of(), Optional.empty(), false, false))
        .startsWith(Schedulers.BASELINES.toArray(String[]::new))
        .contains("optimus-fitted@fewest-nodes")
        .doesNotContain("ia-greedy-oracle");
    JsonNode drf = root.get("schedulers").get("drf");
    assertThat(drf.get("avg_jct")).hasSize(3);
    assertThat(drf.get("makespan")).hasSize(3);
    double mean =
        (drf.get("avg_jct").get(0).asDouble()
                + drf.get("avg_jct").get(1).asDouble()
                + drf.get("avg_jct").get(2).asDouble())
            / 3;
    assertThat(drf.get("mean_avg_jct").asDouble()).isEqualTo(mean);
    assertThat(drf.has("mean_makespan")).isTrue();
  }

  /**
   * --scheduler gives the rows, in its order: a scheduler compare does not run by default, and a
   * placed baseline.
   */
  @Test
  void namedSchedulersAreTheOnlyRows() throws IOException {
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--no-policy",
            "--scheduler",
            "rollout@fewest-nodes,optimus-remaining@fewest-nodes",
            "--out",
            dir.toString());
    assertThat(run.exitCode()).isZero();
    JsonNode root = Json.mapper().readTree(dir.resolve("results.json").toFile());
    assertThat(root.get("schedulers").properties().stream().map(e -> e.getKey()).toList())
        .containsExactly("rollout@fewest-nodes", "optimus-remaining@fewest-nodes");
    CliRun unknown =
        CliRun.of(
            "compare", "--workload", "paper-testbed", "--traces", "2", "--scheduler", "rolout");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).startsWith("dl2: unknown scheduler 'rolout'").hasLineCount(1);
  }

  @Test
  void compareMatchesSimulateForEachScheduler() throws IOException {
    CliRun.of(
        "compare",
        "--workload",
        "paper-testbed",
        "--traces",
        "2",
        "--out",
        dir.toString(),
        "--seed",
        "5");
    JsonNode compared =
        Json.mapper().readTree(dir.resolve("results.json").toFile()).get("schedulers");
    for (String scheduler : Schedulers.BASELINES) {
      JsonNode simulated =
          Json.mapper()
              .readTree(
                  CliRun.of(
                          "simulate",
                          "--scheduler",
                          scheduler,
                          "--workload",
                          "paper-testbed",
                          "--traces",
                          "2",
                          "--seed",
                          "5",
                          "--json",
                          "-")
                      .out());
      assertThat(compared.get(scheduler).get("mean_avg_jct"))
          .isEqualTo(simulated.get("mean_avg_jct"));
    }
  }

  @Test
  void tablesShowPercentilesWaitingAndRatiosToEveryReferenceWithin100Columns() {
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "2",
            "--placement",
            "least-loaded");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains(
            "traces: 2 test traces (test-0 … test-1), new to training and checkpoint selection")
        .contains(
            "p50",
            "p95",
            "p99",
            "mean wait",
            "vs drf",
            "vs optimus",
            "vs optimus-fitted",
            "* best heuristic: ")
        .containsPattern("(?m)^drf\\s+1\\s");
    // Each of the five: its row, its ratios to the fixed references, and (the best heuristic,
    // optimus-last-slot, being no fixed reference) its ratio in a block of its own,
    // which the 100 columns push below.
    assertThat(
            run.out().lines().filter(l -> l.matches("^(drf|fifo|srtf|tetris|optimus)\\s+[0-9].*")))
        .hasSize(15);
    assertThat(run.out().lines())
        .allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(100));
    assertThat(run.out())
        .as("without a learned scheduler, the best heuristic is spelled out against the others")
        .containsPattern("(?m)^optimus-last-slot vs drf: [-+][0-9.]+ % mean avg JCT, 95 % CI ");
  }

  @Test
  void theValidationSetGivesTodaysResultsAndTheDefaultIsTheTestSet() throws IOException {
    Path validation = dir.resolve("validation");
    Path test = dir.resolve("test");
    CliRun.of(
        "compare",
        "--workload",
        "paper-testbed",
        "--traces",
        "2",
        "--trace-set",
        "validation",
        "--out",
        validation.toString());
    CliRun.of("compare", "--workload", "paper-testbed", "--traces", "2", "--out", test.toString());
    JsonNode val = Json.mapper().readTree(validation.resolve("results.json").toFile());
    assertThat(val.get("trace_set").asString()).isEqualTo("validation");
    assertThat(val.get("traces")).extracting(JsonNode::asString).containsExactly("val-0", "val-1");
    // The validation traces run exactly as before the trace sets existed (seed 9973, paper-testbed,
    // 2 traces).
    assertThat(val.get("schedulers").get("drf").get("avg_jct").get(0).asDouble())
        .isEqualTo(VALIDATION_DRF_TRACE_0);
    assertThat(val.get("schedulers").get("optimus-fitted").get("avg_jct").get(1).asDouble())
        .isEqualTo(VALIDATION_FITTED_TRACE_1);
    assertThat(val.get("schedulers").get("tetris").get("mean_avg_jct").asDouble())
        .isEqualTo(VALIDATION_TETRIS_MEAN);
    JsonNode tst = Json.mapper().readTree(test.resolve("results.json").toFile());
    assertThat(tst.get("schedulers").get("drf").get("avg_jct").get(0).asDouble())
        .isNotEqualTo(VALIDATION_DRF_TRACE_0);
  }

  @Test
  void aTraceSetCannotBeCombinedWithTraceFilesOrBeUnknown() throws IOException {
    Path csv = dir.resolve("mine.csv");
    Files.writeString(csv, "job_id,submit_time_s,model,epochs\n1,0,resnet-50,20\n");
    CliRun both =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--trace",
            csv.toString(),
            "--trace-set",
            "test");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("--trace-set and --trace cannot be combined").hasLineCount(1);
    CliRun unknown = CliRun.of("compare", "--workload", "paper-testbed", "--trace-set", "training");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err())
        .contains("--trace-set must be test or validation: training")
        .hasLineCount(1);
  }

  @Test
  void aTraceFolderRunsEveryCsvInNaturalOrderAndAnEmptyFolderIsRefused() throws IOException {
    Path windows = Files.createDirectories(dir.resolve("windows"));
    for (int i : new int[] {10, 2, 1, 3, 0}) {
      Files.writeString(
          windows.resolve("w-" + i + ".csv"),
          "job_id,submit_time_s,model,epochs\n1,0,resnet-50," + (20 + i) + "\n");
    }
    Files.writeString(windows.resolve("notes.txt"), "not a trace");
    Path report = dir.resolve("report");
    CliRun run =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--no-policy",
            "--trace",
            windows.toString(),
            "--out",
            report.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("traces: 5 trace files (w-0 … w-10)");
    assertThat(Json.mapper().readTree(report.resolve("results.json").toFile()).get("traces"))
        .extracting(JsonNode::asString)
        .containsExactly("w-0", "w-1", "w-2", "w-3", "w-10");

    Path empty = Files.createDirectories(dir.resolve("empty"));
    CliRun none = CliRun.of("compare", "--workload", "paper-testbed", "--trace", empty.toString());
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).isEqualTo("dl2: --trace: " + empty + " holds no .csv trace file\n");
  }
}
