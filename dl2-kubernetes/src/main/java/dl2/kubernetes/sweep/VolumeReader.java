package dl2.kubernetes.sweep;

import dl2.kubernetes.api.ApiRetry;
import dl2.kubernetes.api.ClusterFailure;
import dl2.kubernetes.api.FailureMessage;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Reads a sweep's results from its volume, as {@code kubectl cp} does: a pod of the sweep's image
 * that mounts the claim and sleeps ({@code NAME-reader}), into which each shard's file is read with
 * {@code cat} through the API's exec, which no log cap limits. Made when the first shard is read;
 * {@link #discard()} deletes the sweep's directory on the volume, and {@link #close()} the pod.
 */
final class VolumeReader implements AutoCloseable {
  static final String CONTAINER = "reader";

  /** How long the reader pod may take to start (an image pull, a volume to attach). */
  static final Duration START = Duration.ofMinutes(5);

  private final KubernetesClient client;
  private final SweepSpec spec;
  private final String name;
  private final ApiRetry retry = ApiRetry.standard();
  private boolean started;

  VolumeReader(KubernetesClient client, SweepSpec spec, String jobName) {
    this.client = client;
    this.spec = spec;
    this.name = jobName + "-reader";
  }

  /** The results shard {@code index} left on the volume, as text. */
  String read(int index) {
    start();
    String path = spec.volume().shardFile(Integer.toString(index));
    try (InputStream in =
        client
            .pods()
            .inNamespace(spec.namespace())
            .withName(name)
            .inContainer(CONTAINER)
            .file(path)
            .read()) {
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      in.transferTo(
          text); // never asks for 0 bytes, which fabric8's exec stream refuses (readAllBytes may)
      return text.toString(StandardCharsets.UTF_8);
    } catch (IOException | KubernetesClientException e) {
      throw new ClusterFailure(
          "cannot read "
              + path
              + " from the volume "
              + spec.volume().claim()
              + " (through the pod "
              + name
              + "): "
              + FailureMessage.of(e),
          e);
    }
  }

  private void start() {
    if (started) {
      return;
    }
    if (retry.call(() -> client.pods().inNamespace(spec.namespace()).withName(name).get())
        == null) {
      retry.run(() -> client.pods().inNamespace(spec.namespace()).resource(pod()).create());
    }
    long deadline = System.nanoTime() + START.toNanos();
    while (true) {
      Pod pod = retry.call(() -> client.pods().inNamespace(spec.namespace()).withName(name).get());
      String phase = pod == null || pod.getStatus() == null ? null : pod.getStatus().getPhase();
      if ("Running".equals(phase)) {
        started = true;
        return;
      }
      if (pod == null
          || "Failed".equals(phase)
          || "Succeeded".equals(phase)
          || System.nanoTime() > deadline) {
        throw new ClusterFailure(
            "the pod "
                + name
                + " that reads the volume "
                + spec.volume().claim()
                + " did not start ("
                + (phase == null ? "gone" : phase)
                + "): see kubectl -n "
                + spec.namespace()
                + " describe pod "
                + name,
            null);
      }
      pause();
    }
  }

  /** The reader: the sweep's image, sleeping, the claim mounted, no API token. */
  private Pod pod() {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(spec.namespace())
        .addToLabels(SweepJobs.SWEEP_LABEL, name.substring(0, name.length() - "-reader".length()))
        .addToLabels(SweepJobs.READER_LABEL, "true")
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy("Never")
        .withAutomountServiceAccountToken(false)
        .withNewSecurityContext()
        .withFsGroup(SweepJobs.IMAGE_USER)
        .endSecurityContext()
        .addNewContainer()
        .withName(CONTAINER)
        .withImage(spec.image())
        .withCommand("sleep", "86400")
        .withVolumeMounts(SweepJobs.mount())
        .endContainer()
        .withVolumes(SweepJobs.volume(spec.volume()))
        .endSpec()
        .build();
  }

  private void pause() {
    try {
      Thread.sleep(spec.poll().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClusterFailure("interrupted while the volume's reader started", e);
    }
  }

  /**
   * Removes the sweep's results from the volume (read by now, or given up), then the reader pod.
   */
  void discard() {
    if (started) {
      try (ExecWatch rm =
          client
              .pods()
              .inNamespace(spec.namespace())
              .withName(name)
              .inContainer(CONTAINER)
              .redirectingOutput()
              .exec("rm", "-rf", spec.volume().directoryPath())) {
        rm.exitCode().get(1, java.util.concurrent.TimeUnit.MINUTES);
      } catch (RuntimeException
          | java.util.concurrent.ExecutionException
          | java.util.concurrent.TimeoutException e) {
        // the results stay on the volume; nothing else depends on them
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    close();
  }

  /** Deletes the reader pod; the results stay (an interrupted sweep, run again, reads them). */
  @Override
  public void close() {
    try {
      retry.run(() -> client.pods().inNamespace(spec.namespace()).withName(name).delete());
    } catch (KubernetesClientException e) {
      // the pod sleeps a day at most
    }
  }
}
