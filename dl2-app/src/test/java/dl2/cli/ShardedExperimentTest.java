package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.PrintedFile;
import dl2.run.ExperimentLaunch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code experiment --shard I/N} and {@code --merge}: the merged shards are the local run's files,
 * byte for byte (links as links), for an evaluation study and a training study; bad shard sets are
 * refused in one line.
 */
class ShardedExperimentTest {
  @TempDir Path dir;

  private static List<String> args(String study, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
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
                out.toString()));
    args.addAll(List.of(more));
    return args;
  }

  private static CliRun run(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  /** Runs {@code study} in {@code shards} shards and merges them; returns the merged directory. */
  private Path sharded(String study, int shards) {
    List<String> dirs = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      Path shard = dir.resolve(study + "-shard-" + i);
      CliRun run = run(args(study, shard, "--shard", i + "/" + shards));
      assertThat(run.exitCode()).as(run.err()).isZero();
      dirs.add(shard.toString());
    }
    Path merged = dir.resolve(study + "-merged");
    java.util.Collections.reverse(dirs); // any order
    CliRun merge = run(args(study, merged, "--merge", String.join(",", dirs)));
    assertThat(merge.exitCode()).as(merge.err()).isZero();
    return merged;
  }

  /**
   * Every file and link under {@code root} but the output marker (which records the command line),
   * with its bytes or target.
   */
  static TreeMap<String, String> files(Path root) throws IOException {
    TreeMap<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.toList()) {
        String name = root.relativize(p).toString();
        if (name.equals(".dl2-output")
            || (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p))) {
          continue;
        }
        files.put(
            name,
            Files.isSymbolicLink(p)
                ? "-> " + Files.readSymbolicLink(p)
                : java.util.HexFormat.of()
                    .formatHex(
                        java.security.MessageDigest.getInstance("SHA-256")
                            .digest(Files.readAllBytes(p))));
      }
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    return files;
  }

  @Test
  void threeMergedShardsOfTheLoadSweepAreTheLocalRunByteForByte() throws Exception {
    Path local = dir.resolve("local");
    CliRun run = run(args("load-sweep", local));
    assertThat(run.exitCode()).as(run.err()).isZero();
    Path merged = sharded("load-sweep", 3);
    assertThat(files(merged))
        .isEqualTo(files(local))
        .containsKeys(
            "index.html", "load-sweep-arrival-rate.csv", "figures/load-sweep-cluster-size.svg");
  }

  @Test
  void mergedShardsOfATrainingStudyAreTheLocalRunTrainingRunsIncluded() throws Exception {
    Path local = dir.resolve("local");
    CliRun run = run(args("ablation-replay", local));
    assertThat(run.exitCode()).as(run.err()).isZero();
    Path merged = sharded("ablation-replay", 2);
    assertThat(files(merged))
        .isEqualTo(files(local))
        .containsKeys(
            "runs/dl2-paper-testbed/best.policy", "runs/replay-256-paper-testbed/rl-curve.csv");
  }

  @Test
  void aShardPrintedToStdoutCarriesTheSameResultAsItsFile() throws Exception {
    Path shard = dir.resolve("shard");
    assertThat(run(args("load-sweep-cluster-size", shard, "--shard", "1/2")).exitCode()).isZero();
    CliRun printed = run(args("load-sweep-cluster-size", Path.of("-"), "--shard", "1/2"));
    assertThat(printed.exitCode()).as(printed.err()).isZero();
    assertThat(PrintedFile.read(printed.out(), ExperimentLaunch.PRINTED_NAME))
        .isEqualTo(Files.readAllBytes(shard.resolve("shard.json")));
  }

  @Test
  void aMergeRefusesAMissingShardAShardOfOtherOptionsAndAShardGivenTwice() {
    for (int i = 0; i < 2; i++) {
      assertThat(
              run(args("load-sweep-cluster-size", dir.resolve("s" + i), "--shard", i + "/2"))
                  .exitCode())
          .isZero();
    }
    assertThat(
            run(args(
                    "load-sweep-cluster-size",
                    dir.resolve("other"),
                    "--shard",
                    "1/2",
                    "--seed",
                    "7"))
                .exitCode())
        .isZero();
    String s0 = dir.resolve("s0").toString();
    CliRun missing = run(args("load-sweep-cluster-size", dir.resolve("m1"), "--merge", s0));
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).isEqualTo("dl2: shard 1/2 missing: merge all 2 shards\n");
    CliRun twice =
        run(args("load-sweep-cluster-size", dir.resolve("m2"), "--merge", s0 + "," + s0));
    assertThat(twice.err()).isEqualTo("dl2: shard 0/2 is given twice\n");
    CliRun other =
        run(
            args(
                "load-sweep-cluster-size",
                dir.resolve("m3"),
                "--merge",
                s0 + "," + dir.resolve("other")));
    assertThat(other.exitCode()).isEqualTo(2);
    assertThat(other.err())
        .startsWith(
            "dl2: shard 1/2 is of another experiment: it was run as 'experiment load-sweep-cluster-size; "
                + "preset paper-testbed")
        .contains("seed 7;")
        .doesNotContain("\n\n");
    assertThat(dir.resolve("m1")).doesNotExist();
    assertThat(dir.resolve("m3")).doesNotExist();
  }

  @Test
  void badShardOptionsAreRefusedInOneLineBeforeAnyWork() {
    CliRun bad = run(args("load-sweep", dir.resolve("bad"), "--shard", "4/4"));
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .isEqualTo(
            "dl2: --shard must be I/N with 0 <= I < N <= 1000 (shards count from 0, as JOB_COMPLETION_INDEX "
                + "does): 4/4\n");
    CliRun both =
        run(args("load-sweep", dir.resolve("both"), "--shard", "0/2", "--merge", dir.toString()));
    assertThat(both.err())
        .isEqualTo("dl2: --shard runs one shard and --merge merges them: give one of them\n");
    CliRun notShard =
        run(args("load-sweep", dir.resolve("none"), "--merge", dir.resolve("nothing").toString()));
    assertThat(notShard.exitCode()).isEqualTo(2);
    assertThat(notShard.err()).startsWith("dl2: --merge").doesNotContain("Exception");
    assertThat(dir.resolve("bad")).doesNotExist();
    assertThat(dir.resolve("both")).doesNotExist();
  }
}
