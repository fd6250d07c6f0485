package dl2.kubernetes.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.ClusterEmulator;
import dl2.emulator.EmulatedClusterTest;
import dl2.emulator.MockCluster;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterApi;
import dl2.kubernetes.api.Dl2JobSpec;
import dl2.kubernetes.api.Labels;
import dl2.model.ClusterSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationResult;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The Indexed Job driver against the CRUD mock server, and end to end in the emulated cluster. */
class IndexedJobDriverTest {
  private static JobPlan plan(int workers, int ps) {
    Dl2JobSpec spec = new Dl2JobSpec();
    spec.modelType = "resnet-50";
    spec.epochs = 10.0;
    spec.maxWorkers = 6;
    return new JobPlan(
        "bert",
        "uid-1",
        JobType.RESNET_50,
        spec,
        Collections.nCopies(workers, "node-000"),
        Collections.nCopies(ps, "node-001"));
  }

  private static Job read(MockCluster cluster) {
    return cluster.client().batch().v1().jobs().inNamespace("team").withName("bert").get();
  }

  @Test
  void createsResizesThroughParallelismAndDeletesTheJob() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      ClusterApi api =
          new ClusterApi(cluster.client(), "team", new ApiRetry(2, Duration.ofMillis(1)));
      IndexedJobDriver driver =
          new IndexedJobDriver(
              api,
              new PodFactory(
                  cluster.client().getKubernetesSerialization(),
                  dl2.kubernetes.api.TaintToleration.STANDARD),
              16,
              null,
              PlacementAffinity.NONE);

      assertThat(driver.apply(List.of(plan(2, 1)))).isEqualTo(new ScalingDriver.Changes(2, 0));
      Job job = read(cluster);
      assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
      assertThat(job.getSpec().getParallelism()).isEqualTo(2);
      assertThat(job.getSpec().getCompletions()).isEqualTo(2);
      assertThat(job.getMetadata().getAnnotations())
          .containsExactly(Map.entry(IndexedJobDriver.PARAMETER_SERVERS, "1"));
      assertThat(job.getMetadata().getLabels())
          .containsEntry(Labels.JOB, "bert")
          .doesNotContainKey(IndexedJobDriver.KUEUE_QUEUE);
      assertThat(job.getMetadata().getOwnerReferences())
          .singleElement()
          .satisfies(o -> assertThat(o.getUid()).isEqualTo("uid-1"));
      Container worker = job.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(worker.getResources().getRequests()).containsKeys("cpu", Labels.GPU_RESOURCE);
      assertThat(
              worker.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue)))
          .containsEntry("DL2_MAX_WORKERS", "6")
          .containsEntry("DL2_MIN_WORKERS", "1")
          .containsEntry("DL2_RDZV_ENDPOINT", "bert-0.bert:29400");
      assertThat(job.getSpec().getTemplate().getSpec().getSubdomain()).isEqualTo("bert");
      assertThat(job.getSpec().getTemplate().getSpec().getNodeName())
          .as("Kubernetes places the pods")
          .isNull();
      assertThat(cluster.client().services().inNamespace("team").withName("bert").get())
          .isNotNull();

      assertThat(driver.apply(List.of(plan(5, 3)))).isEqualTo(new ScalingDriver.Changes(3, 0));
      assertThat(IndexedJobDriver.workers(read(cluster))).isEqualTo(5);
      assertThat(read(cluster).getSpec().getCompletions()).isEqualTo(5);
      assertThat(IndexedJobDriver.parameterServers(read(cluster))).isEqualTo(3);
      assertThat(driver.apply(List.of(plan(5, 3))))
          .as("idempotent")
          .isEqualTo(new ScalingDriver.Changes(0, 0));
      assertThat(driver.apply(List.of(plan(5, 2))))
          .as("a PS change alone is recorded")
          .isEqualTo(new ScalingDriver.Changes(0, 0));
      assertThat(IndexedJobDriver.parameterServers(read(cluster))).isEqualTo(2);

      assertThat(driver.apply(List.of(plan(1, 2)))).isEqualTo(new ScalingDriver.Changes(0, 4));
      assertThat(driver.apply(List.of(plan(0, 2))))
          .as("no workers: no Job")
          .isEqualTo(new ScalingDriver.Changes(0, 1));
      assertThat(read(cluster)).isNull();
      assertThat(cluster.client().services().inNamespace("team").withName("bert").get()).isNull();
    }
  }

  @Test
  void aKueueQueueLabelsTheJobAsElastic() {
    try (MockCluster cluster = new MockCluster(ClusterSpec.ofNodes(2))) {
      ClusterApi api =
          new ClusterApi(cluster.client(), "team", new ApiRetry(2, Duration.ofMillis(1)));
      new IndexedJobDriver(
              api,
              new PodFactory(
                  cluster.client().getKubernetesSerialization(),
                  dl2.kubernetes.api.TaintToleration.STANDARD),
              16,
              "research",
              PlacementAffinity.NONE)
          .apply(List.of(plan(2, 2)));
      Job job = read(cluster);
      assertThat(job.getMetadata().getLabels())
          .containsEntry(IndexedJobDriver.KUEUE_QUEUE, "research");
      assertThat(job.getMetadata().getAnnotations())
          .containsEntry(IndexedJobDriver.KUEUE_ELASTIC, "true");
    }
  }

  /**
   * The emulator trains each job with the tasks its Job object's pods get. An Indexed Job's PS run
   * inside its worker pods, so its workers land wherever the controller's did: the simulator's
   * JCTs. A Volcano job's PS are pods of their own, and the emulated scheduler places every job's
   * pods afresh, in name order, on the least-loaded node that can hold each: the cluster's cores
   * and GPUs can then strand so that some pods stay pending, as on a real cluster, and the JCTs can
   * be longer than the simulator's, never shorter, with no node ever overcommitted.
   */
  @Test
  void theEmulatedClusterGivesTheSimulatorsJctsWithIndexedJobsAndNoShorterWithVolcanoJobs() {
    Trace trace = EmulatedClusterTest.smallTrace();
    SimulationResult simulated = EmulatedClusterTest.simulate(trace, "drf");
    for (DriverKind kind : List.of(DriverKind.INDEXED_JOB, DriverKind.VOLCANO)) {
      try (MockCluster cluster = new MockCluster(Presets.PAPER_TESTBED.cluster())) {
        ClusterEmulator emulator =
            new ClusterEmulator(
                    cluster,
                    Presets.PAPER_TESTBED.taskCap(),
                    Presets.PAPER_TESTBED.slotSeconds(),
                    FittedOptimusSpeed.INSTANCE)
                .using(kind, null);
        SimulationResult emulated =
            emulator.run(trace, Schedulers.baseline("drf"), 1000, (r, s, p) -> {});
        assertThat(emulator.overcommitted()).as(kind.cliName()).isEmpty();
        assertThat(emulated.jobs()).as(kind.cliName()).hasSize(trace.size());
        if (kind == DriverKind.INDEXED_JOB) {
          assertThat(emulated.averageJct())
              .as(kind.cliName())
              .isCloseTo(simulated.averageJct(), Offset.offset(1e-6));
        } else {
          assertThat(emulated.averageJct())
              .as(kind.cliName())
              .isGreaterThanOrEqualTo(simulated.averageJct() - 1e-9);
        }
        assertThat(cluster.client().pods().inNamespace(ClusterEmulator.NAMESPACE).list().getItems())
            .isEmpty();
        assertThat(
                cluster
                    .client()
                    .batch()
                    .v1()
                    .jobs()
                    .inNamespace(ClusterEmulator.NAMESPACE)
                    .list()
                    .getItems())
            .as("every Job deleted once its job completed")
            .isEmpty();
      }
    }
  }
}
