package dl2.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.Dl2JobCondition;
import io.fabric8.kubernetes.api.model.LimitRangeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the namespace's admission says of a job is that job's (the real-cluster findings on
 * templates, quotas and deleted jobs): the template's memory, ephemeral storage and annotations
 * reach the pods beside DL2's cpu and GPU; a memory ResourceQuota rejects the jobs whose template
 * sets no memory while the others run and no running pod is deleted, and a running job whose growth
 * it refuses keeps its pods; a LimitRange's maximum rejects new pods, not the running ones; a
 * DL2Job deleted while its slot applies fails nothing.
 */
class AdmissionE2eTest {
  private static final List<String> SLOT = List.of("--slot-seconds", "1", "--task-cap", "2");
  private E2eRun run;

  @AfterEach
  void stop() throws Exception {
    if (run != null) {
      run.close();
    }
  }

  /**
   * A resnet-50 job of one worker and one PS whose templates ask 1 GiB of memory and carry a scrape
   * annotation.
   */
  private static String withMemory(String name) {
    String template =
        """
        metadata:
          annotations: {prometheus.io/scrape: "true"}
        spec:
          containers:
          - name: %s
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {memory: 1Gi, ephemeral-storage: 1Gi}
              limits: {memory: 1Gi}
        """;
    return Jobs.of(name, "resnet-50", 1000, 1)
        + "  workerTemplate:\n"
        + template.formatted("worker").indent(4)
        + "  psTemplate:\n"
        + template.formatted("ps").indent(4);
  }

  private E2eRun.Finished slot() throws Exception {
    Thread.sleep(1_100);
    E2eRun.Finished slot = run.once(SLOT);
    assertThat(slot.exit()).as(slot.text()).isZero();
    return slot;
  }

  private Dl2JobCondition valid(String job) {
    return run.status(job).conditions.stream()
        .filter(c -> c.type.equals("Valid"))
        .findFirst()
        .orElseThrow();
  }

  private Map<String, String> podNodes(String job) {
    Map<String, String> pods = new TreeMap<>();
    for (Pod pod :
        run.admin()
            .pods()
            .inNamespace(run.namespace())
            .withLabel("dl2.io/job", job)
            .list()
            .getItems()) {
      pods.put(pod.getMetadata().getName(), pod.getSpec().getNodeName());
    }
    return pods;
  }

  @Test
  void aMemoryQuotaRejectsTheJobsWithoutMemoryAndTheTemplateReachesThePods() throws Exception {
    run = E2eRun.start("quota", 4);
    run.createJob(withMemory("running"));
    slot();
    Pod worker = run.admin().pods().inNamespace(run.namespace()).withName("running-worker-0").get();
    var resources = worker.getSpec().getContainers().get(0).getResources();
    assertThat(resources.getRequests())
        .containsEntry("memory", new Quantity("1Gi"))
        .containsEntry("ephemeral-storage", new Quantity("1Gi"))
        .containsEntry("cpu", new Quantity("2"))
        .containsEntry("nvidia.com/gpu", new Quantity("1"));
    assertThat(worker.getMetadata().getAnnotations()).containsEntry("prometheus.io/scrape", "true");
    Map<String, String> running = podNodes("running");

    run.admin()
        .resourceQuotas()
        .inNamespace(run.namespace())
        .resource(
            new ResourceQuotaBuilder()
                .withNewMetadata()
                .withName("mem")
                .endMetadata()
                .withNewSpec()
                .addToHard("requests.memory", new Quantity("1Ti"))
                .addToHard("limits.memory", new Quantity("1Ti"))
                .endSpec()
                .build())
        .create();
    run.admin()
        .resourceQuotas()
        .inNamespace(run.namespace())
        .withName("mem")
        .waitUntilCondition(
            q -> q != null && q.getStatus() != null && q.getStatus().getHard() != null,
            60,
            TimeUnit.SECONDS);
    run.createJob(withMemory("with-memory"));
    run.createJob(Jobs.of("without-memory", "resnet-50", 1000, 1));

    E2eRun.Finished slot = slot();

    assertThat(run.status("with-memory").phase).isEqualTo("Running");
    assertThat(run.status("without-memory").phase).isEqualTo("Invalid");
    assertThat(valid("without-memory").reason).isEqualTo("Rejected");
    assertThat(valid("without-memory").message).contains("failed quota: mem");
    assertThat(podNodes("without-memory")).isEmpty();
    assertThat(podNodes("running")).as("no running pod is deleted").isEqualTo(running);
    assertThat(slot.text())
        .contains("job without-memory rejected, marked Valid=False")
        .doesNotContain("slot failed");
  }

  /**
   * A quota that arrives under a running job without memory does not end it when it is to grow
   * (AdmissionTest's scenario): one node holds two bundles, drf gives {@code grower} (cap 2) and
   * {@code leaving} (cap 1, with memory) one each; with the quota in place {@code leaving} is
   * deleted, drf gives {@code grower} both bundles, its new pods are refused, and it keeps the pods
   * it ran.
   */
  @Test
  void aRunningJobWhoseGrowthTheQuotaRefusesKeepsItsPods() throws Exception {
    run = E2eRun.start("refused", 1);
    List<String> drf = List.of("--slot-seconds", "1", "--task-cap", "2", "--scheduler", "drf");
    run.createJob(Jobs.of("grower", "resnet-50", 1000, 2));
    run.createJob(withMemory("leaving"));
    Thread.sleep(1_100);
    assertThat(run.once(drf).exit()).isZero();
    Map<String, String> running = podNodes("grower");
    assertThat(running).as("one worker and one PS each").hasSize(2);
    assertThat(podNodes("leaving")).hasSize(2);

    run.admin()
        .resourceQuotas()
        .inNamespace(run.namespace())
        .resource(
            new ResourceQuotaBuilder()
                .withNewMetadata()
                .withName("mem")
                .endMetadata()
                .withNewSpec()
                .addToHard("requests.memory", new Quantity("1Ti"))
                .addToHard("limits.memory", new Quantity("1Ti"))
                .endSpec()
                .build())
        .create();
    run.admin()
        .resourceQuotas()
        .inNamespace(run.namespace())
        .withName("mem")
        .waitUntilCondition(
            q -> q != null && q.getStatus() != null && q.getStatus().getHard() != null,
            60,
            TimeUnit.SECONDS);
    run.admin()
        .resources(dl2.kubernetes.api.Dl2Job.class)
        .inNamespace(run.namespace())
        .withName("leaving")
        .delete();
    Thread.sleep(1_100);
    E2eRun.Finished slot = run.once(drf);

    assertThat(slot.exit()).as(slot.text()).isZero();
    assertThat(slot.text())
        .contains("job grower keeps the pods it runs; the API server refused its new ones")
        .contains("failed quota: mem")
        .doesNotContain("rejected");
    assertThat(podNodes("grower")).as("no running pod is deleted").isEqualTo(running);
    assertThat(run.status("grower").phase).isEqualTo("Running");
    assertThat(run.status("grower").workers).isEqualTo(1);
    assertThat(run.status("grower").parameterServers).isEqualTo(1);
  }

  @Test
  void aLimitRangeRejectsNewPodsWhileTheRunningJobsGoOn() throws Exception {
    run = E2eRun.start("limits", 4);
    run.createJob(Jobs.of("running", "resnet-50", 1000, 1));
    slot();
    Map<String, String> running = podNodes("running");
    run.admin()
        .limitRanges()
        .inNamespace(run.namespace())
        .resource(
            new LimitRangeBuilder()
                .withNewMetadata()
                .withName("cpu")
                .endMetadata()
                .withNewSpec()
                .addNewLimit()
                .withType("Container")
                .addToMax("cpu", new Quantity("1"))
                .endLimit()
                .endSpec()
                .build())
        .create();
    run.createJob(Jobs.of("limited", "resnet-50", 1000, 1));

    slot();

    assertThat(valid("limited").reason).isEqualTo("Rejected");
    assertThat(valid("limited").message).contains("maximum cpu usage per Container is 1");
    assertThat(podNodes("running")).isEqualTo(running);
    assertThat(run.status("running").phase).isEqualTo("Running");
  }

  @Test
  void aJobDeletedWhileItsSlotAppliesFailsNothing() throws Exception {
    run = E2eRun.start("deleted", 8);
    for (int i = 1; i <= 8; i++) {
      run.createJob(Jobs.of("job-" + i, "resnet-50", 1000, 2));
    }
    try (ControllerProcess controller =
        run.controller(List.of("--slot-seconds", "1", "--task-cap", "2", "--once"))) {
      Await.until(
          Duration.ofSeconds(90),
          () -> !podNodes("job-8").isEmpty() || !controller.alive(),
          () -> String.join("\n", controller.lines()));
      run.admin()
          .resources(dl2.kubernetes.api.Dl2Job.class)
          .inNamespace(run.namespace())
          .withName("job-8")
          .delete();
      assertThat(controller.awaitExit(Duration.ofSeconds(90)))
          .as(String.join("\n", controller.lines()))
          .isZero();
      assertThat(controller.lines()).noneMatch(l -> l.contains("slot failed"));
    }
    assertThat(run.status("job-1").phase).isEqualTo("Running");
  }
}
