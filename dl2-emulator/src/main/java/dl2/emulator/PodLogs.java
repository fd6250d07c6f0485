package dl2.emulator;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Answers {@code GET .../pods/NAME/log} as a kubelet would through the API server, with what the
 * emulated kubelet recorded of the pod's container (the CRUD mock keeps no logs), of which, as a
 * kubelet rotates a log at {@link #MAX_LOG_BYTES} and serves only its current file, only what
 * follows the last rotation; every other request goes to the store.
 */
final class PodLogs extends Dispatcher {
  private static final Pattern LOG = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/log");

  /** The kubelet's default {@code containerLogMaxSize}. */
  static final int MAX_LOG_BYTES = 10 * 1024 * 1024;

  private final Dispatcher store;
  private final Map<String, String> logs = new ConcurrentHashMap<>();

  PodLogs(Dispatcher store) {
    this.store = store;
  }

  /** The log of pod {@code name} in {@code namespace} is {@code text} from now on. */
  void record(String namespace, String name, String text) {
    byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int kept = bytes.length <= MAX_LOG_BYTES ? bytes.length : bytes.length % MAX_LOG_BYTES;
    logs.put(
        namespace + "/" + name,
        new String(bytes, bytes.length - kept, kept, java.nio.charset.StandardCharsets.UTF_8));
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    Matcher m = LOG.matcher(request.getPath() == null ? "" : request.getPath().split("\\?", 2)[0]);
    if ("GET".equals(request.getMethod()) && m.matches()) {
      String log = logs.get(m.group(1) + "/" + m.group(2));
      if (log == null) {
        return new MockResponse()
            .setResponseCode(404)
            .setHeader("Content-Type", "application/json")
            .setBody(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"pods \\\""
                    + m.group(2)
                    + "\\\" has no log\",\"reason\":\"NotFound\",\"code\":404}");
      }
      return new MockResponse()
          .setResponseCode(200)
          .setHeader("Content-Type", "text/plain")
          .setBody(log);
    }
    return store.dispatch(request);
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
