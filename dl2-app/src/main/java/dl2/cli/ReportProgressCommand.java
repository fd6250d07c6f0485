package dl2.cli;

import dl2.io.InputException;
import dl2.kubernetes.api.ProgressReporter;
import dl2.run.ClusterCalls;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 report-progress}: what a training job does to report progress (the progress contract).
 */
@Command(
    name = "report-progress",
    mixinStandardHelpOptions = true,
    description =
        "Report a DL2Job's progress as its training job would: patch status.epochsDone (and finishedAt).")
final class ReportProgressCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--job", required = true, paramLabel = "NAME", description = "The DL2Job.")
  String job;

  @Option(
      names = "--epochs",
      required = true,
      paramLabel = "X",
      description = "Epochs trained so far (real-valued, >= 0).")
  double epochs;

  @Option(
      names = "--finished",
      description = "Training has finished: also set status.finishedAt to now.")
  boolean finished;

  @Option(
      names = "--namespace",
      defaultValue = "default",
      paramLabel = "NS",
      description = "Namespace (default: ${DEFAULT-VALUE}).")
  String namespace;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description = "API server URL instead of the kubeconfig or in-cluster configuration.")
  String master;

  @Override
  public Integer call() {
    if (!(epochs >= 0) || Double.isInfinite(epochs)) {
      throw new InputException("--epochs must be a non-negative number: " + epochs);
    }
    try (ProgressReporter reporter = ProgressReporter.connect(master, namespace, job)) {
      ClusterCalls.reachable(
          master,
          "cannot report the progress",
          () -> {
            reporter.report(job, epochs, finished ? Instant.now() : null);
            return null;
          });
    }
    spec.commandLine()
        .getOut()
        .println("reported " + job + ": " + epochs + " epochs" + (finished ? ", finished" : ""));
    return 0;
  }
}
