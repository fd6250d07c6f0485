package dl2.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.ServerVersion;
import dl2.kubernetes.sweep.RetryMode;
import dl2.kubernetes.sweep.SweepJobs;
import dl2.kubernetes.sweep.SweepSpec;
import dl2.model.ClusterSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The emulated Job controller and kubelet: each index runs with its own environment, failed indices
 * get new pods, logs are served.
 */
class EmulatedIndexedJobsTest {
  private static final String NS = "dl2";

  @Test
  void argumentsExpandTheirEnvironmentReferencesAsTheKubeletDoes() {
    Map<String, String> env = Map.of("JOB_COMPLETION_INDEX", "3");
    assertThat(EmulatedKubelet.expand("$(JOB_COMPLETION_INDEX)/4", env)).isEqualTo("3/4");
    assertThat(EmulatedKubelet.expand("$$(JOB_COMPLETION_INDEX)", env))
        .isEqualTo("$(JOB_COMPLETION_INDEX)");
    assertThat(EmulatedKubelet.expand("$(UNSET)-x", env)).isEqualTo("$(UNSET)-x");
  }

  @Test
  void everyIndexRunsOnceItsFailuresAreRetriedAndTheJobCompletesWithItsLogsServed()
      throws Exception {
    SweepSpec spec =
        new SweepSpec(
            NS,
            "test",
            "dl2:test",
            List.of("echo", "$(JOB_COMPLETION_INDEX)"),
            3,
            1,
            "out",
            Duration.ofMillis(10));
    Map<Integer, AtomicInteger> runs = new ConcurrentHashMap<>();
    EmulatedIndexedJobs.Container container =
        (args, env, log) -> {
          int index = Integer.parseInt(env.get("JOB_COMPLETION_INDEX"));
          int attempt = runs.computeIfAbsent(index, i -> new AtomicInteger()).incrementAndGet();
          log.println(String.join(" ", args) + " attempt " + attempt);
          return index == 2 && attempt == 1 ? 1 : 0;
        };
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(1));
        EmulatedIndexedJobs jobs =
            new EmulatedIndexedJobs(cluster, NS, container, 2, Duration.ofMillis(20))) {
      KubernetesClient client = cluster.client();
      client
          .batch()
          .v1()
          .jobs()
          .inNamespace(NS)
          .resource(SweepJobs.job(spec, RetryMode.PER_INDEX, new ServerVersion(1, 31)))
          .create();
      String name = SweepJobs.name(spec);
      Job job = await(client, name);
      assertThat(job.getStatus().getConditions())
          .singleElement()
          .satisfies(c -> assertThat(c.getType()).isEqualTo("Complete"));
      assertThat(job.getStatus().getCompletedIndexes()).isEqualTo("0-2");
      assertThat(job.getStatus().getFailed()).isEqualTo(1);
      assertThat(runs.get(2).get()).isEqualTo(2);
      var pods =
          client.pods().inNamespace(NS).withLabel(SweepJobs.SWEEP_LABEL, name).list().getItems();
      assertThat(pods).hasSize(4);
      var succeeded =
          pods.stream()
              .filter(
                  p ->
                      "Succeeded".equals(p.getStatus().getPhase())
                          && "2"
                              .equals(
                                  p.getMetadata().getAnnotations().get(SweepJobs.INDEX_ANNOTATION)))
              .findFirst()
              .orElseThrow();
      assertThat(client.pods().inNamespace(NS).withName(succeeded.getMetadata().getName()).getLog())
          .isEqualTo("echo 2 attempt 2\n");
      client.batch().v1().jobs().inNamespace(NS).withName(name).delete();
      for (int i = 0; i < 200 && !client.pods().inNamespace(NS).list().getItems().isEmpty(); i++) {
        Thread.sleep(20);
      }
      assertThat(client.pods().inNamespace(NS).list().getItems())
          .as("pods removed with their Job")
          .isEmpty();
    }
  }

  private static Job await(KubernetesClient client, String name) throws InterruptedException {
    for (int i = 0; i < 500; i++) {
      Job job = client.batch().v1().jobs().inNamespace(NS).withName(name).get();
      if (job.getStatus() != null
          && job.getStatus().getConditions() != null
          && !job.getStatus().getConditions().isEmpty()) {
        return job;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the Job did not finish");
  }
}
