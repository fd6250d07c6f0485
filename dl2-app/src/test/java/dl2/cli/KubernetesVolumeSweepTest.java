package dl2.cli;

import static dl2.cli.KubernetesTrainSweepTest.run;
import static dl2.cli.KubernetesTrainSweepTest.train;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedIndexedJobs;
import dl2.emulator.MockCluster;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code train} sweep whose one shard holds three runs, 15 MB printed: more than a pod's log
 * keeps (the kubelet's containerLogMaxSize, 10 MiB, which the emulated cluster applies too), so
 * through the log the sweep fails; with {@code --results-claim} the shard leaves its runs on the
 * emulated volume, its log says only where, and the merge is the local sweep byte for byte.
 */
class KubernetesVolumeSweepTest {
  private static final String NAMESPACE = "dl2";

  @TempDir Path dir;

  private List<String> onCluster(MockCluster cluster, Path out, String... more) throws Exception {
    List<String> args =
        train(
            out,
            "--on-kubernetes",
            "--kubeconfig",
            KubernetesSweepTest.kubeconfig(dir, cluster).toString(),
            "--namespace",
            NAMESPACE,
            "--image",
            "dl2:test",
            "--shards",
            "1");
    args.addAll(List.of(more));
    return args;
  }

  /** dl2 in the pod, each pod's whole log also kept in {@code logs}. */
  private static EmulatedIndexedJobs.Container dl2(List<String> logs) {
    return (args, env, log) -> {
      StringWriter text = new StringWriter();
      int exit;
      try (PrintWriter writer = new PrintWriter(text)) {
        exit = Dl2.commandLine(writer, writer).execute(args.toArray(String[]::new));
      }
      logs.add(text.toString());
      log.print(text);
      return exit;
    };
  }

  @Test
  void aShardLargerThanALogKeepsFailsThroughTheLogAndCompletesThroughAVolume() throws Exception {
    Path local = dir.resolve("local");
    CliRun alone = run(train(local));
    assertThat(alone.exitCode()).as(alone.err()).isZero();
    List<String> logs = new CopyOnWriteArrayList<>();
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
        EmulatedIndexedJobs jobs =
            new EmulatedIndexedJobs(cluster, NAMESPACE, dl2(logs), 2, Duration.ofMillis(50))) {
      CliRun throughLog = run(onCluster(cluster, dir.resolve("through-log")));
      assertThat(throughLog.exitCode()).as(throughLog.err()).isEqualTo(1);
      assertThat(throughLog.err())
          .contains(
              "shard 0/1 finished, but the log of its pod ",
              "loses its start: give --results-claim");
      assertThat(logs)
          .singleElement()
          .matches(log -> log.length() > 10 * 1024 * 1024, "a log over 10 MiB");

      logs.clear();
      cluster
          .client()
          .persistentVolumeClaims()
          .inNamespace(NAMESPACE)
          .resource(
              new PersistentVolumeClaimBuilder()
                  .withNewMetadata()
                  .withName("results")
                  .endMetadata()
                  .withNewSpec()
                  .withAccessModes("ReadWriteMany")
                  .withNewResources()
                  .addToRequests("storage", new Quantity("1Gi"))
                  .endResources()
                  .endSpec()
                  .build())
          .create();
      Path merged = dir.resolve("through-volume");
      CliRun swept = run(onCluster(cluster, merged, "--results-claim", "results"));
      assertThat(swept.exitCode()).as(swept.err()).isZero();
      assertThat(KubernetesTrainSweepTest.withoutMarkers(ShardedExperimentTest.files(merged)))
          .isEqualTo(KubernetesTrainSweepTest.withoutMarkers(ShardedExperimentTest.files(local)))
          .containsKeys("paper-testbed-seed-3/best.policy");
      assertThat(logs)
          .singleElement()
          .matches(log -> log.length() < 64 * 1024, "a summary")
          .matches(
              log -> log.contains("shard 0/1: ") && log.contains(" bytes of train-shard (SHA-256 "),
              "says where");
      assertThat(cluster.volume(NAMESPACE, "results"))
          .as("the results are removed once merged")
          .isEmptyDirectory();
      assertThat(cluster.client().pods().inNamespace(NAMESPACE).list().getItems())
          .as("no reader left")
          .isEmpty();
    }
  }

  @Test
  void aClaimTheNamespaceLacksIsRefusedBeforeAnyWork() throws Exception {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1))) {
      CliRun missing = run(onCluster(cluster, dir.resolve("out"), "--results-claim", "nope"));
      assertThat(missing.exitCode()).isEqualTo(2);
      assertThat(missing.err())
          .isEqualTo(
              "dl2: --results-claim nope: namespace dl2 has no such PersistentVolumeClaim; create "
                  + "one every shard's pod can write (ReadWriteMany)\n");
      assertThat(dir.resolve("out")).doesNotExist();
      assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems())
          .isEmpty();
    }
  }

  @Test
  void theResultsOptionsNeedWhatTheyServe() {
    CliRun claim = run(train(dir.resolve("a"), "--results-claim", "results"));
    assertThat(claim.exitCode()).isEqualTo(2);
    assertThat(claim.err())
        .isEqualTo(
            "dl2: --kubeconfig, --namespace, --image, --shards, --retries and --results-claim need "
                + "--on-kubernetes\n");
    CliRun file =
        run(train(dir.resolve("b"), "--shard", "0/2", "--shard-file", dir.resolve("f").toString()));
    assertThat(file.exitCode()).isEqualTo(2);
    assertThat(file.err())
        .isEqualTo("dl2: --shard-file writes what --shard I/N --out - would print: give both\n");
    assertThat(dir.resolve("a")).doesNotExist();
    assertThat(dir.resolve("b")).doesNotExist();
    CliRun unwritable =
        run(
            train(
                Path.of("-"),
                "--shard",
                "0/2",
                "--shard-file",
                dir.resolve("f").resolve("..").toString()));
    assertThat(unwritable.exitCode())
        .as("an output path, checked before the shard's runs")
        .isEqualTo(2);
    assertThat(unwritable.err())
        .isEqualTo(
            "dl2: --shard-file "
                + dir.resolve("f").resolve("..")
                + ": is a directory; give a "
                + "file name\n");
    assertThat(unwritable.out()).isEmpty();
  }
}
