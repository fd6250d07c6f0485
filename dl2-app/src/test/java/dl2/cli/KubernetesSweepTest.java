package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedIndexedJobs;
import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code experiment --on-kubernetes} against the emulated cluster: an in-process Job controller and
 * kubelet ({@link EmulatedIndexedJobs}) run each pod of the Indexed Job as the image would, {@code
 * dl2} with the pod's arguments, and keep its log; the command reads the shards' outputs from the
 * logs and merges them into the local run's files, byte for byte, with failed shards retried by the
 * Job controller (1.31) or counted by dl2 (1.27).
 */
class KubernetesSweepTest {
  private static final String NAMESPACE = "dl2";

  @TempDir Path dir;

  /**
   * Runs pods as the image's entrypoint would run dl2; {@code fail} says whether a pod's attempt
   * (index, n-th run) fails.
   */
  static EmulatedIndexedJobs.Container dl2(Map<Integer, AtomicInteger> runs, Failure fail) {
    return (args, env, log) -> {
      int index = Integer.parseInt(env.get("JOB_COMPLETION_INDEX"));
      int attempt = runs.computeIfAbsent(index, i -> new AtomicInteger()).incrementAndGet();
      int exit = fail.exitCode(index, attempt);
      if (exit != 0) {
        log.println("dl2: the node went away");
        return exit;
      }
      return Dl2.commandLine(log, log).execute(args.toArray(String[]::new));
    };
  }

  interface Failure {
    int exitCode(int index, int attempt);
  }

  private Path kubeconfig(MockCluster cluster) throws Exception {
    return kubeconfig(dir, cluster);
  }

  /** A kubeconfig in {@code dir} for the emulated cluster. */
  static Path kubeconfig(Path dir, MockCluster cluster) throws Exception {
    Path file = dir.resolve("kubeconfig");
    Files.writeString(
        file,
        "apiVersion: v1\nkind: Config\ncurrent-context: emulated\nclusters:\n- name: emulated\n  cluster:\n"
            + "    server: "
            + cluster.masterUrl()
            + "\nusers:\n- name: tester\n  user:\n    token: emulated\ncontexts:\n"
            + "- name: emulated\n  context:\n    cluster: emulated\n    user: tester\n");
    return file;
  }

  private static List<String> experiment(String study, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("experiment", study, "--quick", "--threads", "2", "--out", out.toString()));
    args.addAll(List.of(more));
    return args;
  }

  private static List<String> sweep(
      String study, Path out, Path kubeconfig, int shards, String... more) {
    List<String> args =
        experiment(
            study,
            out,
            "--on-kubernetes",
            "--kubeconfig",
            kubeconfig.toString(),
            "--namespace",
            NAMESPACE,
            "--image",
            "dl2:test",
            "--shards",
            Integer.toString(shards));
    args.addAll(List.of(more));
    return args;
  }

  private static CliRun run(List<String> args) {
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void loadSweepQuickInFourShardsThroughTheIndexedJobIsTheLocalRunByteForByte() throws Exception {
    Path home =
        Path.of("..")
            .toAbsolutePath()
            .normalize(); // the checkout: the shipped paper-small policy joins the sweep as dl2
    TestPolicies.withHome(
        home,
        () -> {
          Path local = dir.resolve("local");
          CliRun alone = run(experiment("load-sweep", local));
          assertThat(alone.exitCode()).as(alone.err()).isZero();
          Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
          try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
              EmulatedIndexedJobs jobs =
                  new EmulatedIndexedJobs(
                      cluster, NAMESPACE, dl2(runs, (i, n) -> 0), 2, Duration.ofMillis(50))) {
            Path merged = dir.resolve("merged");
            CliRun swept = run(sweep("load-sweep", merged, kubeconfig(cluster), 4));
            assertThat(swept.exitCode()).as(swept.err()).isZero();
            assertThat(Files.readString(merged.resolve("load-sweep-arrival-rate.csv")))
                .contains(",dl2,");
            assertThat(ShardedExperimentTest.files(merged))
                .isEqualTo(ShardedExperimentTest.files(local));
            assertThat(swept.out())
                .isEqualTo(alone.out().replace(local.toString(), merged.toString()));
            assertThat(swept.err())
                .contains(
                    "Indexed Job dl2-sweep-",
                    " in namespace dl2: 4 shards of dl2:test; up to 2 retries per shard, "
                        + "by the Job controller (backoffLimitPerIndex)");
            assertThat(runs.keySet()).containsExactlyInAnyOrder(0, 1, 2, 3);
            assertThat(
                    cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems())
                .isEmpty();
          }
        });
  }

  @Test
  void aFailedShardIsRetriedByTheJobControllerOrByDl2OnOlderClustersAndTheResultStaysTheSame()
      throws Exception {
    Path local = dir.resolve("local");
    assertThat(
            run(experiment("load-sweep-cluster-size", local, "--workload", "paper-testbed"))
                .exitCode())
        .isZero();
    for (String version : List.of("1.31", "1.27")) {
      Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
      try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
          EmulatedIndexedJobs jobs =
              new EmulatedIndexedJobs(
                  cluster,
                  NAMESPACE,
                  dl2(runs, (i, n) -> i == 1 && n <= 2 ? 1 : 0),
                  2,
                  Duration.ofMillis(50))) {
        cluster.reportVersion(version);
        Path merged = dir.resolve("merged-" + version);
        CliRun swept =
            run(
                sweep(
                    "load-sweep-cluster-size",
                    merged,
                    kubeconfig(cluster),
                    3,
                    "--workload",
                    "paper-testbed"));
        assertThat(swept.exitCode()).as(swept.err()).isZero();
        assertThat(ShardedExperimentTest.files(merged))
            .as(version)
            .isEqualTo(ShardedExperimentTest.files(local));
        assertThat(runs.get(1).get()).as(version).isEqualTo(3);
        assertThat(swept.err())
            .contains(
                "shard 1/3 failed (1 of at most 3 runs): exit code 1: dl2: the node went away",
                "shard 1/3 failed (2 of at most 3 runs)");
        assertThat(swept.err())
            .contains(
                version.equals("1.31")
                    ? "by the Job controller (backoffLimitPerIndex)"
                    : "counted by dl2 (Kubernetes 1.27 keeps no backoffLimitPerIndex: it needs 1.29, or 1.28 with the "
                        + "JobBackoffLimitPerIndex feature gate)");
      }
    }
  }

  @Test
  void aShardThatKeepsFailingEndsTheSweepInOneLineAndRemovesItsJob() throws Exception {
    for (String version : List.of("1.31", "1.27")) {
      try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
          EmulatedIndexedJobs jobs =
              new EmulatedIndexedJobs(
                  cluster,
                  NAMESPACE,
                  dl2(new ConcurrentHashMap<>(), (i, n) -> i == 0 ? 1 : 0),
                  2,
                  Duration.ofMillis(50))) {
        cluster.reportVersion(version);
        Path out = dir.resolve("gave-up-" + version);
        CliRun swept =
            run(
                sweep(
                    "load-sweep-cluster-size",
                    out,
                    kubeconfig(cluster),
                    2,
                    "--workload",
                    "paper-testbed",
                    "--retries",
                    "1"));
        assertThat(swept.exitCode()).as(swept.err()).isEqualTo(1);
        assertThat(swept.err().lines().filter(l -> l.startsWith("dl2: ")).toList())
            .as(version)
            .singleElement()
            .asString()
            .startsWith("dl2: shard 0/2 failed 2 times, more than its 1 retry")
            .endsWith("the sweep gave up");
        assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems())
            .isEmpty();
        assertThat(out.resolve("index.html")).doesNotExist();
      }
    }
  }

  @Test
  void aShardThatRefusesItsInputIsNotRetried() throws Exception {
    Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
        EmulatedIndexedJobs jobs =
            new EmulatedIndexedJobs(
                cluster,
                NAMESPACE,
                dl2(runs, (i, n) -> i == 1 ? 2 : 0),
                1,
                Duration.ofMillis(50))) {
      CliRun swept =
          run(
              sweep(
                  "load-sweep-cluster-size",
                  dir.resolve("refused"),
                  kubeconfig(cluster),
                  2,
                  "--workload",
                  "paper-testbed"));
      assertThat(swept.exitCode()).isEqualTo(1);
      assertThat(swept.err())
          .contains(
              "dl2: shard 1/2 refused its input (exit code 2: dl2: the node went away); a retry would "
                  + "fail the same way");
      assertThat(runs.get(1).get()).isEqualTo(1);
    }
  }

  @Test
  void anOldClusterAMissingKubeconfigAndBadSweepOptionsAreRefusedBeforeAnyWork() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      cluster.reportVersion("1.23");
      CliRun old = run(sweep("load-sweep", dir.resolve("old"), kubeconfig(cluster), 4));
      assertThat(old.exitCode()).isEqualTo(2);
      assertThat(old.err())
          .isEqualTo(
              "dl2: --on-kubernetes needs Kubernetes 1.24 or later (Indexed Jobs); this server is 1.23\n");
      assertThat(dir.resolve("old")).doesNotExist();
    }
    CliRun missing =
        run(sweep("load-sweep", dir.resolve("missing"), dir.resolve("no-such-kubeconfig"), 4));
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err())
        .isEqualTo(
            "dl2: --kubeconfig " + dir.resolve("no-such-kubeconfig") + ": no such readable file\n");
    CliRun shards =
        run(experiment("load-sweep", dir.resolve("bad"), "--on-kubernetes", "--shards", "0"));
    assertThat(shards.err()).isEqualTo("dl2: --shards must be 1..1000: 0\n");
    CliRun without = run(experiment("load-sweep", dir.resolve("bad"), "--shards", "3"));
    assertThat(without.err())
        .isEqualTo(
            "dl2: --kubeconfig, --namespace, --image, --shards, --retries and --results-claim need "
                + "--on-kubernetes\n");
    CliRun both =
        run(experiment("load-sweep", dir.resolve("bad"), "--on-kubernetes", "--shard", "0/2"));
    assertThat(both.err())
        .isEqualTo("dl2: --on-kubernetes runs and merges the shards itself: leave out --shard\n");
    assertThat(dir.resolve("bad")).doesNotExist();
  }
}
