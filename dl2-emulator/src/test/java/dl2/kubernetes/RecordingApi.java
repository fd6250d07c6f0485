package dl2.kubernetes;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Wraps the mock server's dispatcher and records, for RBAC, the requests of clients whose user
 * agent starts with {@code agent}.
 */
final class RecordingApi extends Dispatcher {
  private final Dispatcher store;
  private final String agent;
  final List<ApiAccess> accesses = new CopyOnWriteArrayList<>();

  RecordingApi(Dispatcher store, String agent) {
    this.store = store;
    this.agent = agent;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String userAgent = request.getHeader("User-Agent");
    if (userAgent != null && userAgent.startsWith(agent)) {
      ApiAccess access =
          ApiAccess.of(
              request.getMethod(),
              request.getPath(),
              request.getBody() == null
                  ? ""
                  : new String(
                      request.getBody().getBytes(), java.nio.charset.StandardCharsets.UTF_8));
      if (access != null) {
        accesses.add(access);
      }
    }
    return store.dispatch(request);
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
