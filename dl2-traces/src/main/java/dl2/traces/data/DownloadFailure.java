package dl2.traces.data;

/**
 * A trace file that could not be downloaded, or arrived other than the catalogue says (size,
 * SHA-256). Its message is one line naming the file and the URL; nothing was installed.
 */
public final class DownloadFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DownloadFailure(String message) {
    super(message);
  }
}
