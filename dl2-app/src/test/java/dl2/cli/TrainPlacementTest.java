package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.Json;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.simulation.SimulationConfig;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code train --placement P} and {@code --teacher SCHEDULER@PLACEMENT}: DL2 decides how many
 * tasks, P where, in the warm-up, the RL episodes, validation and the test summary, and the run
 * records P. Each expectation is the same evaluation compare runs, {@code dl2@P} of the run's own
 * checkpoint on the same traces, so it holds only if the run really placed its tasks by P.
 */
class TrainPlacementTest {
  private static final Preset TESTBED = Presets.byName("paper-testbed");
  @TempDir Path dir;

  /**
   * A tiny train run on the testbed: 4 RL steps, 2 validation and test traces, one hidden layer of
   * 8.
   */
  private static final List<String> TINY =
      List.of(
          "train",
          "--workload",
          "paper-testbed",
          "--steps",
          "4",
          "--validate-every",
          "2",
          "--validation-traces",
          "2",
          "--hidden",
          "8",
          "--threads",
          "2");

  private static CliRun train(Path out, String... more) {
    return CliRun.of(
        Stream.of(TINY, List.of("--out", out.toString()), List.of(more))
            .flatMap(List::stream)
            .toArray(String[]::new));
  }

  /**
   * {@code scheduler}'s mean average JCT on {@code count} traces of {@code set}, as compare
   * computes it, dl2 being {@code policy}.
   */
  private static double evaluated(String scheduler, Path policy, TraceSet set, int count) {
    return Evaluation.generated(
            TESTBED,
            SimulationConfig.of(TESTBED),
            FittedOptimusSpeed.INSTANCE,
            9973,
            set,
            count,
            SchedulerCatalog.baselines(0))
        .withPolicy(Optional.ofNullable(policy).map(PolicyFile::load), Decoding.GREEDY)
        .meanAverageJct(scheduler, 1);
  }

  private static JsonNode json(Path file) throws Exception {
    return Json.mapper().readTree(Files.readString(file));
  }

  @Test
  void aRunUnderFewestNodesRecordsItAndItsValidationAndTestSummaryAreDl2AtFewestNodes()
      throws Exception {
    Path out = dir.resolve("placed");
    CliRun run = train(out, "--placement", "fewest-nodes");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("the checkpoints as dl2@fewest-nodes:");
    JsonNode config = json(out.resolve("train-config.json"));
    assertThat(config.get("placement").asString()).isEqualTo("fewest-nodes");
    assertThat(config.get("teacher").asString())
        .isEqualTo("drf@fewest-nodes"); // a teacher named alone runs under it
    Path best = out.resolve("best.policy");
    assertThat(PolicyFile.load(best).training().placement()).isEqualTo("fewest-nodes");
    JsonNode summary = json(out.resolve("summary.json"));
    assertThat(summary.get("placement").asString()).isEqualTo("fewest-nodes");
    double placed = evaluated("dl2@fewest-nodes", best, TraceSet.TEST, 2);
    assertThat(summary.get("bestTestJct").asDouble())
        .isEqualTo(placed)
        .isNotEqualTo(evaluated("dl2", best, TraceSet.TEST, 2));
    // the last validation ran final.policy's weights on the validation traces, under the placement
    List<String> curve = Files.readAllLines(out.resolve("rl-curve.csv"));
    double lastValidation = Double.parseDouble(curve.get(curve.size() - 1).split(",")[1]);
    assertThat(lastValidation)
        .isEqualTo(
            evaluated("dl2@fewest-nodes", out.resolve("final.policy"), TraceSet.VALIDATION, 2));
  }

  @Test
  void theDefaultPlacementIsRecordedInTheConfigOnlyAndCompareRunsAPlacedPolicyAsTrained()
      throws Exception {
    Path plain = dir.resolve("plain");
    assertThat(train(plain).exitCode()).isZero();
    assertThat(json(plain.resolve("train-config.json")).get("placement").asString())
        .isEqualTo("least-loaded");
    assertThat(json(plain.resolve("summary.json")).has("placement")).isFalse();
    assertThat(PolicyFile.load(plain.resolve("best.policy")).training().placement()).isNull();
    Path placed = dir.resolve("placed");
    assertThat(train(placed, "--placement", "interference-aware").exitCode()).isZero();
    CliRun compare =
        CliRun.of(
            "compare",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--placement",
            "least-loaded",
            "--policy",
            placed.resolve("best.policy").toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(compare.out())
        .contains("tasks placed by interference-aware")
        .containsPattern("(?m)^dl2@interference-aware ");
    CliRun simulate =
        CliRun.of(
            "simulate",
            "--scheduler",
            "dl2",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--policy",
            placed.resolve("best.policy").toString());
    assertThat(simulate.err())
        .contains(
            "dl2: note: the policy was trained with its tasks placed by interference-aware; "
                + "this runs it under least-loaded (--placement interference-aware runs it as trained)");
  }

  @Test
  void theWarmUpImitatesOptimusUnderFewestNodes() throws Exception {
    Path out = dir.resolve("teacher");
    CliRun run = train(out, "--teacher", "optimus@fewest-nodes", "--sl-steps", "4");
    assertThat(run.exitCode()).as(run.err()).isZero();
    PolicyFile warmUp = PolicyFile.load(out.resolve("sl").resolve("best.policy"));
    assertThat(warmUp.training().teacher()).isEqualTo("optimus@fewest-nodes");
    assertThat(warmUp.training().placement())
        .isNull(); // the student itself trains under least-loaded
    // the warm-up's teacher column: the teacher on its 10 validation traces, as compare runs
    // optimus@fewest-nodes
    String[] first =
        Files.readAllLines(out.resolve("sl").resolve("learning-curve.csv")).get(1).split(",");
    double teacher = Double.parseDouble(first[5]);
    assertThat(teacher)
        .isEqualTo(evaluated("optimus@fewest-nodes", null, TraceSet.VALIDATION, 10))
        .isNotEqualTo(evaluated("optimus", null, TraceSet.VALIDATION, 10));
  }

  @Test
  void badPlacementsAndTeachersAreRefusedInCompareWordsBeforeAnyWork() {
    Path out = dir.resolve("bad");
    assertThat(train(out, "--placement", "nowhere").err())
        .isEqualTo(
            "dl2: unknown placement 'nowhere' in 'dl2@nowhere'; valid placements: least-loaded, fewest-nodes, "
                + "interference-aware, fastest-type, fastest-type-oracle\n");
    assertThat(train(out, "--teacher", "optimus@nowhere").err())
        .isEqualTo(
            "dl2: unknown placement 'nowhere' in 'optimus@nowhere'; valid placements: least-loaded, fewest-nodes, "
                + "interference-aware, fastest-type, fastest-type-oracle\n");
    CliRun compare =
        CliRun.of("simulate", "--scheduler", "tetris@fewest-nodes", "--workload", "paper-testbed");
    for (String teacher : List.of("tetris@fewest-nodes", "ia-greedy@fewest-nodes")) {
      CliRun run = train(out, "--teacher", teacher);
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo(
              "dl2: scheduler "
                  + teacher.replace("@fewest-nodes", "")
                  + " places its own tasks, so '"
                  + teacher
                  + "' has no placement to apply; name it alone\n");
    }
    assertThat(train(out, "--teacher", "tetris@fewest-nodes").err()).isEqualTo(compare.err());
    CliRun sl =
        CliRun.of(
            "train-sl",
            "--workload",
            "paper-testbed",
            "--teacher",
            "tetris@fewest-nodes",
            "--out",
            out.toString());
    assertThat(sl.exitCode()).isEqualTo(2);
    assertThat(sl.err()).isEqualTo(compare.err());
    CliRun placedEncoding = train(out, "--placement", "fewest-nodes", "--encoding", "placed");
    assertThat(placedEncoding.exitCode()).isEqualTo(2);
    assertThat(placedEncoding.err())
        .isEqualTo(
            "dl2: --placement fewest-nodes and --encoding placed: a placed policy chooses "
                + "the kind of node of every task itself; leave out one of them\n");
    assertThat(out).doesNotExist();
  }

  @Test
  void aResumeUnderAnotherPlacementOrUnderTheLearningOneIsRefused() {
    Path out = dir.resolve("run");
    assertThat(train(out, "--placement", "fewest-nodes").exitCode()).isZero();
    CliRun other = train(out, "--resume");
    assertThat(other.exitCode()).isEqualTo(2);
    assertThat(other.err())
        .isEqualTo(
            "dl2: "
                + out.resolve("checkpoint").resolve("final.policy")
                + ": holds a run whose tasks "
                + "were placed by fewest-nodes but this command asks for least-loaded (--placement); resume with the options that "
                + "started the run\n");
    Path learning = dir.resolve("learning");
    assertThat(train(learning, "--placement", "interference-aware").exitCode()).isZero();
    CliRun resumed = train(learning, "--placement", "interference-aware", "--resume");
    assertThat(resumed.exitCode()).isEqualTo(2);
    assertThat(resumed.err())
        .startsWith("dl2: --resume: tasks placed by interference-aware cannot continue")
        .hasLineCount(1);
  }

  @Test
  void aSweepCarriesThePlacementIntoEveryRunAndItsMergeChecksIt() throws Exception {
    List<String> sweep = List.of("--seeds", "1,2", "--placement", "fewest-nodes");
    for (int i = 0; i < 2; i++) {
      List<String> args = new ArrayList<>(sweep);
      args.addAll(List.of("--shard", i + "/2"));
      assertThat(train(dir.resolve("shard-" + i), args.toArray(String[]::new)).exitCode()).isZero();
    }
    assertThat(
            json(dir.resolve("shard-0")
                    .resolve("paper-testbed-seed-1")
                    .resolve("train-config.json"))
                .get("placement")
                .asString())
        .isEqualTo("fewest-nodes");
    String shards = dir.resolve("shard-0") + "," + dir.resolve("shard-1");
    CliRun unplaced = train(dir.resolve("unplaced"), "--seeds", "1,2", "--merge", shards);
    assertThat(unplaced.exitCode()).isEqualTo(2);
    assertThat(unplaced.err()).endsWith(" (its train-config.json differs)\n");
    List<String> merge = new ArrayList<>(sweep);
    merge.addAll(List.of("--merge", shards));
    CliRun merged = train(dir.resolve("merged"), merge.toArray(String[]::new));
    assertThat(merged.exitCode()).as(merged.err()).isZero();
    assertThat(
            PolicyFile.load(
                    dir.resolve("merged").resolve("paper-testbed-seed-2").resolve("best.policy"))
                .training()
                .placement())
        .isEqualTo("fewest-nodes");
  }
}
