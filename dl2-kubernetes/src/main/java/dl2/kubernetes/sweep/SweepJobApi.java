package dl2.kubernetes.sweep;

import dl2.io.InputException;
import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.FailureMessage;
import dl2.kubernetes.api.ServerVersion;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;

/**
 * The API calls of one sweep, each through {@link ApiRetry}: the server's version and the results
 * claim checked before anything is submitted, the sweep's Job (read, created, deleted), and its
 * pods and their logs.
 */
final class SweepJobApi {
  private final KubernetesClient client;
  private final SweepSpec spec;
  private final String name;
  private final ApiRetry retry = ApiRetry.standard();

  SweepJobApi(KubernetesClient client, SweepSpec spec, String name) {
    this.client = client;
    this.spec = spec;
    this.name = name;
  }

  ServerVersion checkVersion() {
    ServerVersion version = ServerVersion.of(retry.call(client::getKubernetesVersion));
    if (!version.atLeast(RetryMode.MINIMUM)) {
      throw new InputException(
          "--on-kubernetes needs Kubernetes "
              + RetryMode.MINIMUM
              + " or later (Indexed Jobs); this server is "
              + version);
    }
    return version;
  }

  void checkVolume() {
    if (spec.volume() == null) {
      return;
    }
    String claim = spec.volume().claim();
    try {
      if (retry.call(
              () ->
                  client
                      .persistentVolumeClaims()
                      .inNamespace(spec.namespace())
                      .withName(claim)
                      .get())
          == null) {
        throw new InputException(
            "--results-claim "
                + claim
                + ": namespace "
                + spec.namespace()
                + " has no such "
                + "PersistentVolumeClaim; create one every shard's pod can write (ReadWriteMany)");
      }
    } catch (KubernetesClientException e) {
      throw new InputException("--results-claim " + claim + ": " + FailureMessage.of(e));
    }
  }

  /** The sweep's Job; null if there is none. */
  Job job() {
    return retry.call(
        () -> client.batch().v1().jobs().inNamespace(spec.namespace()).withName(name).get());
  }

  Job create(Job job) {
    return retry.call(
        () -> client.batch().v1().jobs().inNamespace(spec.namespace()).resource(job).create());
  }

  /** Deletes the Job, its pods with it. */
  void deleteJob() {
    retry.run(
        () ->
            client
                .batch()
                .v1()
                .jobs()
                .inNamespace(spec.namespace())
                .withName(name)
                .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                .delete());
  }

  /** The sweep's pods, by name. */
  List<Pod> pods() {
    List<Pod> pods =
        new ArrayList<>(
            retry.call(
                () ->
                    client
                        .pods()
                        .inNamespace(spec.namespace())
                        .withLabel(SweepJobs.SWEEP_LABEL, name)
                        .list()
                        .getItems()));
    pods.sort((a, b) -> a.getMetadata().getName().compareTo(b.getMetadata().getName()));
    return pods;
  }

  String log(Pod pod) {
    return retry.call(
        () ->
            client
                .pods()
                .inNamespace(spec.namespace())
                .withName(pod.getMetadata().getName())
                .inContainer(SweepJobs.CONTAINER)
                .getLog());
  }

  /** Why a pod failed, in one line: its exit code and last log line, or the kubelet's reason. */
  String reason(Pod pod) {
    ContainerStateTerminated terminated = ShardPods.terminated(pod);
    String lastLine;
    try {
      lastLine =
          log(pod)
              .lines()
              .map(String::strip)
              .filter(l -> !l.isEmpty())
              .reduce((a, b) -> b)
              .orElse("an empty log");
    } catch (KubernetesClientException e) {
      lastLine = "its log is gone";
    }
    if (terminated != null) {
      return "exit code " + terminated.getExitCode() + ": " + lastLine;
    }
    String reason = pod.getStatus().getReason();
    return (reason == null ? "failed" : reason)
        + (pod.getStatus().getMessage() == null ? "" : ": " + pod.getStatus().getMessage());
  }

  /** The Job's condition {@code type} if it holds. */
  static java.util.Optional<JobCondition> condition(Job job, String type) {
    if (job.getStatus() == null || job.getStatus().getConditions() == null) {
      return java.util.Optional.empty();
    }
    return job.getStatus().getConditions().stream()
        .filter(c -> type.equals(c.getType()) && "True".equals(c.getStatus()))
        .findFirst();
  }
}
