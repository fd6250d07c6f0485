package dl2.emulator;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;

/**
 * Answers {@code GET /version} as a Kubernetes API server does (the CRUD mock has no version), so
 * that the controller's start checks pass for every driver; every other request goes to the store.
 */
final class VersionedApi extends Dispatcher {
  /** A version recent enough for every driver (the indexed-job driver needs 1.27). */
  static final String VERSION = "1.31";

  private final Dispatcher store;
  private volatile String version = VERSION;

  VersionedApi(Dispatcher store) {
    this.store = store;
  }

  /** Reports {@code majorDotMinor} (e.g. "1.24") from now on. */
  void setVersion(String majorDotMinor) {
    this.version = majorDotMinor;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String path = request.getPath() == null ? "" : request.getPath().split("\\?", 2)[0];
    if ("GET".equals(request.getMethod()) && path.equals("/version")) {
      String[] parts = version.split("\\.");
      return new MockResponse()
          .setResponseCode(200)
          .setHeader("Content-Type", "application/json")
          .setBody(
              "{\"major\":\""
                  + parts[0]
                  + "\",\"minor\":\""
                  + parts[1]
                  + "\",\"gitVersion\":\"v"
                  + version
                  + ".0\",\"platform\":\"linux/amd64\"}");
    }
    return store.dispatch(request);
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
