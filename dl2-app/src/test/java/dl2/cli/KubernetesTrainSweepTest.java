package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedIndexedJobs;
import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train --seeds --on-kubernetes} against the emulated cluster: each pod of the Indexed Job
 * trains its shard's runs and prints them to its log; the command merges them into the runs of the
 * sweep run here, byte for byte, a failed shard retried on the way.
 */
class KubernetesTrainSweepTest {
  private static final String NAMESPACE = "dl2";

  @TempDir Path dir;

  /** A sweep of three short paper-testbed runs into {@code out}. */
  static List<String> train(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "train",
                "--workload",
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
    return args;
  }

  static CliRun run(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void aSweepInTwoShardsThroughTheIndexedJobIsTheLocalSweepByteForByteWithAFailedShardRetried()
      throws Exception {
    Path local = dir.resolve("local");
    CliRun alone = run(train(local));
    assertThat(alone.exitCode()).as(alone.err()).isZero();
    for (String version : List.of("1.31", "1.27")) {
      Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
      try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
          EmulatedIndexedJobs jobs =
              new EmulatedIndexedJobs(
                  cluster,
                  NAMESPACE,
                  KubernetesSweepTest.dl2(runs, (i, n) -> i == 1 && n == 1 ? 1 : 0),
                  2,
                  Duration.ofMillis(50))) {
        cluster.reportVersion(version);
        Path merged = dir.resolve("merged-" + version);
        CliRun swept =
            run(
                train(
                    merged,
                    "--on-kubernetes",
                    "--kubeconfig",
                    KubernetesSweepTest.kubeconfig(dir, cluster).toString(),
                    "--namespace",
                    NAMESPACE,
                    "--image",
                    "dl2:test",
                    "--shards",
                    "2"));
        assertThat(swept.exitCode()).as(swept.err()).isZero();
        assertThat(withoutMarkers(ShardedExperimentTest.files(merged)))
            .as(version)
            .isEqualTo(withoutMarkers(ShardedExperimentTest.files(local)))
            .containsKeys(
                "paper-testbed-seed-1/best.policy", "paper-testbed-seed-3/train-config.json");
        assertThat(swept.err())
            .contains(
                "Indexed Job dl2-sweep-",
                "shard 1/2 failed (1 of at most 3 runs): exit code 1: dl2: the node "
                    + "went away");
        assertThat(runs.get(1).get()).as(version).isEqualTo(2);
        assertThat(runs.get(0).get()).as(version).isEqualTo(1);
        assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems())
            .isEmpty();
      }
    }
  }

  @Test
  void withoutShardsEachRunIsAShardOfItsOwn() throws Exception {
    Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
        EmulatedIndexedJobs jobs =
            new EmulatedIndexedJobs(
                cluster,
                NAMESPACE,
                KubernetesSweepTest.dl2(runs, (i, n) -> 0),
                2,
                Duration.ofMillis(50))) {
      List<String> args =
          new ArrayList<>(
              train(
                  dir.resolve("swept"),
                  "--on-kubernetes",
                  "--kubeconfig",
                  KubernetesSweepTest.kubeconfig(dir, cluster).toString(),
                  "--namespace",
                  NAMESPACE,
                  "--image",
                  "dl2:test"));
      args.set(args.indexOf("1,2,3"), "1,2");
      CliRun swept = run(args);
      assertThat(swept.exitCode()).as(swept.err()).isZero();
      assertThat(swept.err()).contains(" in namespace dl2: 2 shards of dl2:test;");
      assertThat(runs.keySet()).containsExactlyInAnyOrder(0, 1);
      assertThat(swept.out())
          .contains("wrote " + dir.resolve("swept").resolve("paper-testbed-seed-2"));
    }
  }

  @Test
  void optionsThatNameThisMachinesFilesAreRefusedBeforeAnyWork() {
    CliRun resume =
        run(train(dir.resolve("a"), "--on-kubernetes", "--mix-training", dir.toString()));
    assertThat(resume.exitCode()).isEqualTo(2);
    assertThat(resume.err())
        .isEqualTo(
            "dl2: --on-kubernetes trains in new pods, which see none of this machine's files or earlier "
                + "runs: leave out --mix-training\n");
    CliRun single = run(List.of("train", "--on-kubernetes", "--out", dir.resolve("b").toString()));
    assertThat(single.err())
        .isEqualTo(
            "dl2: --shard, --merge and --on-kubernetes split a sweep of runs: give --seeds or --workloads\n");
    assertThat(dir.resolve("a")).doesNotExist();
    assertThat(dir.resolve("b")).doesNotExist();
  }

  /** Each run's own marker records the command line that trained it (a pod's or the sweep's). */
  static Map<String, String> withoutMarkers(Map<String, String> files) {
    Map<String, String> kept = new TreeMap<>(files);
    kept.keySet().removeIf(name -> name.endsWith("/.dl2-output"));
    return kept;
  }
}
