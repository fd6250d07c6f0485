package dl2.kubernetes.api;

/**
 * A command's work failed on a reachable cluster (e.g. a slot of {@code controller --once}): not
 * bad input, so exit code 1, with this one line in plain words.
 */
public final class ClusterFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ClusterFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
