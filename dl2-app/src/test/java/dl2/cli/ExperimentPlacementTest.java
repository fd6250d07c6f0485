package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.experiment.Budget;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.run.ExperimentSweep;
import dl2.simulation.SimulationConfig;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code experiment --placement P[,P...]}: each study runs once under each placement; under
 * least-loaded it is the study as before, byte for byte, under another it is {@code NAME@P}, its
 * schedulers named {@code SCHEDULER@P} as compare names them, and its numbers are compare's {@code
 * SCHEDULER@P} on the same test traces, DL2 trained under P.
 */
class ExperimentPlacementTest {
  @TempDir Path dir;

  private static CliRun experiment(String study, Path out, String... more) {
    return CliRun.of(
        Stream.of(
                List.of(
                    "experiment",
                    study,
                    "--quick",
                    "--workload",
                    "paper-testbed",
                    "--steps",
                    "4",
                    "--validate-every",
                    "2",
                    "--validation-traces",
                    "2",
                    "--threads",
                    "2",
                    "--out",
                    out.toString()),
                List.of(more))
            .flatMap(List::stream)
            .toArray(String[]::new));
  }

  /**
   * {@code scheduler}'s mean average JCT on the 2 test traces of paper-testbed as a table cell, dl2
   * being {@code policy}.
   */
  private static String cell(String scheduler, Optional<Path> policy) {
    double jct =
        Evaluation.generated(
                Presets.PAPER_TESTBED,
                SimulationConfig.of(Presets.PAPER_TESTBED),
                FittedOptimusSpeed.INSTANCE,
                9973,
                TraceSet.TEST,
                2,
                SchedulerCatalog.baselines(0))
            .withPolicy(policy.map(PolicyFile::load), Decoding.GREEDY)
            .meanAverageJct(scheduler, 1);
    return String.format(Locale.ROOT, "%.4f", jct);
  }

  @Test
  void eachStudyRunsUnderEachPlacementTheDefaultOneAsBeforeTheOtherNamedAsCompareNamesIt()
      throws Exception {
    Path plain = dir.resolve("plain");
    assertThat(experiment("epoch-error", plain).exitCode()).isZero();
    Path placed = dir.resolve("placed");
    CliRun run = experiment("epoch-error", placed, "--placement", "least-loaded,fewest-nodes");
    assertThat(run.exitCode()).as(run.err()).isZero();
    for (String file :
        List.of("epoch-error.csv", "epoch-error.md", "figures/epoch-error-jct.svg")) {
      assertThat(Files.readAllBytes(placed.resolve(file)))
          .as(file)
          .isEqualTo(Files.readAllBytes(plain.resolve(file)));
    }
    List<String> table = Files.readAllLines(placed.resolve("epoch-error@fewest-nodes.csv"));
    assertThat(table.get(0))
        .isEqualTo(
            "epoch_error,drf@fewest-nodes_jct,srtf@fewest-nodes_jct,optimus@fewest-nodes_jct,"
                + "dl2@fewest-nodes_jct,dl2@fewest-nodes_vs_drf@fewest-nodes,dl2@fewest-nodes_vs_optimus@fewest-nodes");
    String[] noError = table.get(1).split(",");
    assertThat(noError[1]).isEqualTo(cell("drf@fewest-nodes", Optional.empty()));
    assertThat(noError[3])
        .isEqualTo(cell("optimus@fewest-nodes", Optional.empty()))
        .isNotEqualTo(cell("optimus", Optional.empty()));
    // without a shipped policy, DL2 is the recipe run, trained and tested under fewest-nodes
    Path best =
        placed.resolve("runs").resolve("dl2@fewest-nodes-paper-testbed").resolve("best.policy");
    assertThat(PolicyFile.load(best).training().placement()).isEqualTo("fewest-nodes");
    assertThat(noError[4]).isEqualTo(cell("dl2@fewest-nodes", Optional.of(best)));
    assertThat(placed.resolve("figures/epoch-error-jct-fewest-nodes.svg")).isNotEmptyFile();
    assertThat(run.out()).contains("## Epoch-estimation error (ε_e) under fewest-nodes\n");
  }

  @Test
  void mergedShardsOfAPlacedTrainingStudyAreTheLocalRun() throws Exception {
    Path local = dir.resolve("local");
    assertThat(experiment("ablation-replay", local, "--placement", "fewest-nodes").exitCode())
        .isZero();
    for (int i = 0; i < 2; i++) {
      CliRun shard =
          experiment(
              "ablation-replay",
              dir.resolve("shard-" + i),
              "--placement",
              "fewest-nodes",
              "--shard",
              i + "/2");
      assertThat(shard.exitCode()).as(shard.err()).isZero();
    }
    String shards = dir.resolve("shard-0") + "," + dir.resolve("shard-1");
    CliRun unplaced = experiment("ablation-replay", dir.resolve("unplaced"), "--merge", shards);
    assertThat(unplaced.exitCode()).isEqualTo(2);
    assertThat(unplaced.err()).contains("is of another experiment").hasLineCount(1);
    CliRun merge =
        experiment(
            "ablation-replay",
            dir.resolve("merged"),
            "--placement",
            "fewest-nodes",
            "--merge",
            shards);
    assertThat(merge.exitCode()).as(merge.err()).isZero();
    assertThat(ShardedExperimentTest.files(dir.resolve("merged")))
        .isEqualTo(ShardedExperimentTest.files(local))
        .containsKeys(
            "ablation-replay@fewest-nodes.csv",
            "runs/replay-256@fewest-nodes-paper-testbed/best.policy")
        .doesNotContainKey("ablation-replay.csv");
  }

  @Test
  void thePodsOfASweepOnKubernetesRunThePlacementsToo() {
    assertThat(
            ExperimentSweep.shardArgs(
                "teacher",
                "paper-small",
                null,
                List.of("least-loaded", "fewest-nodes"),
                1,
                5,
                Budget.reduced(),
                true,
                3))
        .containsSubsequence("--placement", "least-loaded,fewest-nodes");
    assertThat(
            ExperimentSweep.shardArgs(
                "teacher", "paper-small", null, List.of(), 1, 5, Budget.reduced(), true, 3))
        .doesNotContain("--placement");
  }

  @Test
  void anUnknownOrRepeatedPlacementIsOneLineBeforeAnyWork() {
    Path out = dir.resolve("bad");
    CliRun unknown = experiment("epoch-error", out, "--placement", "least-loaded,nowhere");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err())
        .isEqualTo(
            "dl2: unknown placement 'nowhere' in 'dl2@nowhere'; valid placements: least-loaded, "
                + "fewest-nodes, interference-aware, fastest-type, fastest-type-oracle\n");
    CliRun twice = experiment("epoch-error", out, "--placement", "fewest-nodes,fewest-nodes");
    assertThat(twice.exitCode()).isEqualTo(2);
    assertThat(twice.err())
        .isEqualTo("dl2: --placement names fewest-nodes twice: give each placement once\n");
    assertThat(out).doesNotExist();
  }
}
