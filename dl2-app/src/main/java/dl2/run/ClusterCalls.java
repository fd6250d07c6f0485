package dl2.run;

import dl2.io.InputException;
import dl2.kubernetes.api.ClusterConnection;
import dl2.kubernetes.api.ClusterFailure;
import dl2.kubernetes.api.FailureMessage;
import java.util.function.Supplier;

/**
 * A call against the Kubernetes API as a command makes it: a cluster that cannot be used (no
 * answer, credentials refused) is a one-line input error (exit 2); any other failure of the work is
 * one line starting with what was being done (exit 1).
 */
public final class ClusterCalls {
  private ClusterCalls() {}

  /**
   * Runs {@code call}; {@code master} (may be null) names the server in the message, {@code what}
   * the work.
   */
  public static <T> T reachable(String master, String what, Supplier<T> call) {
    try {
      return call.get();
    } catch (InputException | ClusterFailure e) {
      throw e;
    } catch (RuntimeException e) {
      if (ClusterConnection.unusable(e)) {
        throw new InputException(
            "cannot use the Kubernetes API at "
                + (master == null ? "the configured cluster" : master)
                + ": "
                + FailureMessage.of(e));
      }
      throw new ClusterFailure(what + ": " + FailureMessage.of(e), e);
    }
  }
}
