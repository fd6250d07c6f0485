package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dl2.kubernetes.api.Dl2JobStatus;
import dl2.kubernetes.api.ServerVersion;
import dl2.kubernetes.driver.DriverKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each driver against a real API server, in a namespace of its own; --once as the shipped
 * controller role.
 */
class DriversE2eTest {
  private static final List<String> SLOT = List.of("--slot-seconds", "30", "--task-cap", "2");
  private E2eRun run;

  @AfterEach
  void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  private E2eRun.Finished once(String... extra) throws Exception {
    List<String> args = new java.util.ArrayList<>(SLOT);
    args.addAll(List.of(extra));
    return run.once(args);
  }

  @Test
  void thePodsDriverPinsPodsToTheDedicatedNodesAndARedoneSlotChangesNothing() throws Exception {
    run = E2eRun.start("pods", 2);
    run.createJob(Jobs.of("alpha", "resnet-50", 10, 2));
    E2eRun.Finished first = once();
    assertThat(first.exit()).as(first.text()).isZero();
    Dl2JobStatus status = run.status("alpha");
    assertThat(status.phase).isEqualTo("Running");
    List<Pod> pods = run.admin().pods().inNamespace(run.namespace()).list().getItems();
    assertThat(pods)
        .hasSize(status.workers + status.parameterServers)
        .allMatch(p -> run.nodes().names().contains(p.getSpec().getNodeName()))
        .allMatch(
            p ->
                p.getSpec().getTolerations().stream()
                    .anyMatch(t -> "dl2.io/dedicated".equals(t.getKey())));
    assertThat(
            run.admin()
                .services()
                .inNamespace(run.namespace())
                .withName("alpha")
                .get()
                .getSpec()
                .getClusterIP())
        .isEqualTo("None");
    E2eRun.Finished again = once();
    assertThat(again.text()).contains("pods +0 -0");
  }

  @Test
  void theIndexedJobDriverResizesOnItsMinimumVersionAndIsRefusedBelow() throws Exception {
    run = E2eRun.start("indexed", 2);
    ServerVersion version = ServerVersion.of(run.admin().getKubernetesVersion());
    if (!version.atLeast(DriverKind.INDEXED_JOB.minimumVersion())) {
      E2eRun.Finished refused = once("--driver", "indexed-job");
      assertThat(refused.exit()).isEqualTo(2);
      assertThat(refused.text())
          .contains("dl2: --driver indexed-job needs Kubernetes 1.27 or later")
          .contains("this server is " + version);
      return;
    }
    run.createJob(Files.readString(DeployObjects.DEPLOY.resolve("example-elastic-pytorch.yaml")));
    assertThat(once("--driver", "indexed-job").exit()).isZero();
    Job job =
        run.admin()
            .batch()
            .v1()
            .jobs()
            .inNamespace(run.namespace())
            .withName("resnet50-elastic")
            .get();
    int before = job.getSpec().getParallelism();
    assertThat(before)
        .isEqualTo(run.status("resnet50-elastic").workers)
        .isEqualTo(job.getSpec().getCompletions());
    run.createJob(Jobs.of("beta", "resnet-50", 10, 2)); // shares the nodes: the elastic job shrinks
    E2eRun.Finished resized = once("--driver", "indexed-job");
    assertThat(resized.exit()).as(resized.text()).isZero();
    job =
        run.admin()
            .batch()
            .v1()
            .jobs()
            .inNamespace(run.namespace())
            .withName("resnet50-elastic")
            .get();
    assertThat(job.getSpec().getParallelism())
        .isEqualTo(job.getSpec().getCompletions())
        .isEqualTo(run.status("resnet50-elastic").workers);
  }

  @Test
  void theVolcanoDriverMakesVolcanoJobsWhereVolcanoIsInstalled() throws Exception {
    run = E2eRun.start("volcano", 2);
    assumeTrue(
        run.admin()
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName("jobs.batch.volcano.sh")
                .get()
            != null,
        "Volcano is not installed");
    run.createJob(Jobs.of("gamma", "resnet-50", 10, 2));
    E2eRun.Finished slot = once("--driver", "volcano");
    assertThat(slot.exit()).as(slot.text()).isZero();
    GenericKubernetesResource job =
        run.admin()
            .genericKubernetesResources(dl2.kubernetes.driver.VolcanoDriver.VCJOBS)
            .inNamespace(run.namespace())
            .withName("gamma")
            .get();
    int[] replicas = dl2.kubernetes.driver.VolcanoDriver.replicas(job);
    assertThat(replicas[0]).isEqualTo(run.status("gamma").workers);
    assertThat(replicas[1]).isEqualTo(run.status("gamma").parameterServers);
  }

  @Test
  void aSwitchOfDriversRemovesThePreviousDriversObjects() throws Exception {
    run = E2eRun.start("switch", 2);
    ServerVersion version = ServerVersion.of(run.admin().getKubernetesVersion());
    assumeTrue(
        version.atLeast(DriverKind.INDEXED_JOB.minimumVersion()),
        "the indexed-job driver needs 1.27");
    run.createJob(Jobs.of("delta", "resnet-50", 10, 2));
    assertThat(once().exit()).isZero();
    assertThat(run.pods("delta-worker-")).isNotEmpty();
    assertThat(once("--driver", "indexed-job").exit()).isZero();
    Await.until(
        java.time.Duration.ofSeconds(60),
        () -> run.pods("delta-worker-").isEmpty() && run.pods("delta-ps-").isEmpty(),
        () -> "pods " + run.pods("delta"));
    assertThat(
            run.admin()
                .configMaps()
                .inNamespace(run.namespace())
                .withName("dl2-controller-state")
                .get()
                .getData())
        .containsEntry("driver", "indexed-job");
    assertThat(once().exit()).isZero();
    assertThat(run.admin().batch().v1().jobs().inNamespace(run.namespace()).withName("delta").get())
        .isNull();
  }
}
