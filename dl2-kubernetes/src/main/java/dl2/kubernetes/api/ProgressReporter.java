package dl2.kubernetes.api;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;

/**
 * The progress contract, from the training job's side: it merge-patches its DL2Job's status with
 * {@code epochsDone} (epochs trained so far, real-valued) and, once training has finished, {@code
 * finishedAt}. The controller reads both at the next slot; it never writes them.
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

  /**
   * A reporter for DL2Job {@code job} with its own client: the usual configuration, or {@code
   * masterUrl}, checked at once by reading that job ({@link ClusterConnection#connectToJob}).
   */
  public static ProgressReporter connect(String masterUrl, String namespace, String job) {
    return new ProgressReporter(
        ClusterConnection.connectToJob(masterUrl, namespace, job), namespace, ApiRetry.standard());
  }

  /** Reports {@code epochsDone}; {@code finishedAt} null while training goes on. */
  public void report(String job, double epochsDone, Instant finishedAt) {
    if (!(epochsDone >= 0) || Double.isInfinite(epochsDone)) {
      throw new IllegalArgumentException(
          "epochs done must be a non-negative number: " + epochsDone);
    }
    Dl2JobStatus status = new Dl2JobStatus();
    status.epochsDone = epochsDone;
    status.finishedAt = finishedAt == null ? null : finishedAt.toString();
    if (!new ClusterApi(client, namespace, retry).patchStatus(job, status)) {
      throw new ClusterFailure(
          "no DL2Job " + job + " in namespace " + namespace + " (deleted while training?)", null);
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
