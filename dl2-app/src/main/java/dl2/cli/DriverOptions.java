package dl2.cli;

import dl2.io.InputException;
import dl2.kubernetes.driver.DriverKind;
import picocli.CommandLine.Option;

/** How the controller turns allocations into Kubernetes objects (see docs/kubernetes.md). */
public final class DriverOptions {
  @Option(
      names = "--driver",
      defaultValue = "pods",
      paramLabel = "NAME",
      description =
          "How allocations are applied: pods (one pod per task, placed by the controller; the reference), "
              + "volcano (a Volcano Job per job) or indexed-job (an Indexed batch/v1 Job per job, workers only, resized "
              + "through parallelism) (default: ${DEFAULT-VALUE}).")
  String driver = "pods";

  @Option(
      names = "--kueue-queue",
      paramLabel = "QUEUE",
      description =
          "With --driver indexed-job: put the Jobs in this Kueue LocalQueue, marked as elastic "
              + "(kueue.x-k8s.io/elastic-job), so that Kueue admits every resize.")
  public String kueueQueue;

  public DriverKind kind() {
    DriverKind kind = DriverKind.byName(driver);
    if (kueueQueue != null && kind != DriverKind.INDEXED_JOB) {
      throw new InputException("--kueue-queue needs --driver indexed-job");
    }
    return kind;
  }
}
