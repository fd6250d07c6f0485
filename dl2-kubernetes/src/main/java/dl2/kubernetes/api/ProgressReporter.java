package dl2.kubernetes.api;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;

/**
 * The progress contract, from the training job's side: it merge-patches its DL2Job's status with
 * {@code epochsDone} (epochs trained so far, real-valued) and, once training has finished,
 * {@code finishedAt}. The controller reads both at the next slot; it never writes them.
 */
public final class ProgressReporter implements AutoCloseable {
  private final KubernetesClient client;
  private final String namespace;
  private final ApiRetry retry;

  public ProgressReporter(KubernetesClient client, String namespace, ApiRetry retry) {
    this.client = client;
    this.namespace = namespace;
    this.retry = retry;
  }

  /** A reporter with its own client: the usual configuration, or {@code masterUrl}, checked at once ({@link ClusterConnection}). */
  public static ProgressReporter connect(String masterUrl, String namespace) {
    return new ProgressReporter(ClusterConnection.connect(masterUrl, namespace), namespace, ApiRetry.standard());
  }

  public boolean exists(String job) {
    return retry.call(() -> client.resources(Dl2Job.class).inNamespace(namespace).withName(job).get()) != null;
  }

  /** Reports {@code epochsDone}; {@code finishedAt} null while training goes on. */
  public void report(String job, double epochsDone, Instant finishedAt) {
    if (!(epochsDone >= 0) || Double.isInfinite(epochsDone)) {
      throw new IllegalArgumentException("epochs done must be a non-negative number: " + epochsDone);
    }
    Dl2JobStatus status = new Dl2JobStatus();
    status.epochsDone = epochsDone;
    status.finishedAt = finishedAt == null ? null : finishedAt.toString();
    new ClusterApi(client, namespace, retry).patchStatus(job, status);
  }

  @Override
  public void close() {
    client.close();
  }
}
