package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.run.TrainSweepRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dl2 train --seeds/--workloads}: one train run per preset and seed; its shards merged are
 * the sweep run in one place, byte for byte; the merge checks every run before writing.
 */
class TrainSweepTest {
  @TempDir Path dir;

  private static CliRun train(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "train",
                "--workloads",
                "paper-testbed",
                "--seeds",
                "1,2,3",
                "--steps",
                "4",
                "--validate-every",
                "2",
                "--validation-traces",
                "1",
                "--threads",
                "2",
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void twoShardsOfASweepMergeIntoTheRunsOfTheSweepInOnePlace() throws Exception {
    Path local = dir.resolve("local");
    CliRun all = train(local);
    assertThat(all.exitCode()).as(all.err()).isZero();
    assertThat(all.out()).contains("## paper-testbed-seed-1\n", "## paper-testbed-seed-3\n");
    for (int i = 0; i < 2; i++) {
      CliRun shard = train(dir.resolve("shard-" + i), "--shard", i + "/2");
      assertThat(shard.exitCode()).as(shard.err()).isZero();
    }
    Path merged = dir.resolve("merged");
    CliRun merge = train(merged, "--merge", dir.resolve("shard-1") + "," + dir.resolve("shard-0"));
    assertThat(merge.exitCode()).as(merge.err()).isZero();
    assertThat(KubernetesTrainSweepTest.withoutMarkers(ShardedExperimentTest.files(merged)))
        .isEqualTo(KubernetesTrainSweepTest.withoutMarkers(ShardedExperimentTest.files(local)))
        .containsKeys(
            "paper-testbed-seed-2/best.policy",
            "paper-testbed-seed-3/train-config.json",
            "paper-testbed-seed-1/summary.json");
  }

  @Test
  void aMergeRefusesRunsOfOtherSettingsAndAMissingShardBeforeWriting() {
    for (int i = 0; i < 2; i++) {
      assertThat(train(dir.resolve("shard-" + i), "--shard", i + "/2").exitCode()).isZero();
    }
    CliRun other =
        train(
            dir.resolve("other"),
            "--merge",
            dir.resolve("shard-0") + "," + dir.resolve("shard-1"),
            "--lr",
            "0.5");
    assertThat(other.exitCode()).isEqualTo(2);
    assertThat(other.err())
        .startsWith("dl2: --merge: the run in ")
        .endsWith(" (its train-config.json differs)\n");
    CliRun missing = train(dir.resolve("missing"), "--merge", dir.resolve("shard-0").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err())
        .startsWith("dl2: --merge: no shard holds the run paper-testbed-seed-");
    assertThat(dir.resolve("other")).doesNotExist();
    assertThat(dir.resolve("missing")).doesNotExist();
  }

  @Test
  void sweepOptionsAreRefusedInOneLineWhereTheyMeanNothing() {
    CliRun single =
        CliRun.of(
            "train",
            "--workload",
            "paper-testbed",
            "--shard",
            "0/2",
            "--out",
            dir.resolve("a").toString());
    assertThat(single.err())
        .isEqualTo(
            "dl2: --shard, --merge and --on-kubernetes split a sweep of runs: give --seeds or --workloads\n");
    CliRun both =
        CliRun.of("train", "--seed", "4", "--seeds", "1,2", "--out", dir.resolve("b").toString());
    assertThat(both.err())
        .isEqualTo(
            "dl2: --workloads replaces --workload and --seeds --seed: give one of each pair\n");
    CliRun twice = CliRun.of("train", "--seeds", "1,1", "--out", dir.resolve("c").toString());
    assertThat(twice.err())
        .isEqualTo(
            "dl2: the sweep trains paper-large-seed-1 twice: give each preset and seed once\n");
    assertThat(dir.resolve("a")).doesNotExist();
    assertThat(dir.resolve("c")).doesNotExist();
  }

  @Test
  void badShardValuesAreOneLineNamingTheFlagWithExitCodeTwo() {
    for (String bad : List.of("4/4", "5/4", "x/y", "-1/4", "0/0", "1")) {
      CliRun run = train(dir.resolve("bad"), "--shard", bad);
      assertThat(run.exitCode()).as(bad).isEqualTo(2);
      assertThat(run.err())
          .as(bad)
          .isEqualTo(
              "dl2: --shard must be I/N with 0 <= I < N <= 1000 (shards count from 0, as "
                  + "JOB_COMPLETION_INDEX does): "
                  + bad
                  + "\n");
    }
    CliRun missing = train(dir.resolve("bad"), "--merge", dir.resolve("no-such-shard").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err())
        .startsWith("dl2: --merge ")
        .contains("no-such-shard")
        .doesNotContain("\tat ")
        .hasLineCount(1);
    CliRun both = train(dir.resolve("bad"), "--shard", "0/2", "--merge", dir.toString());
    assertThat(both.err())
        .isEqualTo("dl2: --shard runs one shard and --merge merges them: give one of them\n");
    CliRun printed = train(Path.of("-"));
    assertThat(printed.err())
        .isEqualTo(
            "dl2: --out - prints one shard's runs for the command that merges them: give --shard I/N\n");
    assertThat(dir.resolve("bad")).doesNotExist();
  }

  /**
   * A shard printed on stdout (as a pod's log carries it) holds the runs the shard trains into a
   * directory.
   */
  @Test
  void aShardPrintedOnStdoutHoldsTheRunsItWouldWrite() throws Exception {
    CliRun written = train(dir.resolve("shard-1"), "--shard", "1/2");
    assertThat(written.exitCode()).as(written.err()).isZero();
    CliRun printed = train(Path.of("-"), "--shard", "1/2");
    assertThat(printed.exitCode()).as(printed.err()).isZero();
    Path unpacked = dir.resolve("unpacked");
    dl2.io.TreeArchive.unpack(
        dl2.io.PrintedFile.read(printed.out(), TrainSweepRun.PRINTED_NAME), unpacked);
    assertThat(KubernetesTrainSweepTest.withoutMarkers(ShardedExperimentTest.files(unpacked)))
        .isEqualTo(
            KubernetesTrainSweepTest.withoutMarkers(
                ShardedExperimentTest.files(dir.resolve("shard-1"))));
  }
}
