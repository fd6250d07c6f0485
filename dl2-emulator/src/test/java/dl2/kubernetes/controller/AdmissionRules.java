package dl2.kubernetes.controller;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * What a real API server's admission does that the CRUD mock does not: each rule sees a request
 * (method, path and body) and may answer it instead of the store, as a ResourceQuota, a LimitRange,
 * RBAC or a vanished object would. The first rule that answers wins.
 */
final class AdmissionRules extends Dispatcher {
  /** One request as a rule sees it. */
  record Request(String method, String path, String body) {
    boolean createsPod() {
      return method.equals("POST") && path.split("\\?", 2)[0].endsWith("/pods");
    }

    /** The created pod's name, as the body says. */
    String podName() {
      int at = body.indexOf("\"name\":\"");
      return at < 0 ? "" : body.substring(at + 8, body.indexOf('"', at + 8));
    }

    boolean ofJob(String job) {
      return body.contains("\"dl2.io/job\":\"" + job + "\"");
    }
  }

  private final Dispatcher store;
  private final List<Function<Request, MockResponse>> rules = new CopyOnWriteArrayList<>();

  AdmissionRules(Dispatcher store) {
    this.store = store;
  }

  void add(Function<Request, MockResponse> rule) {
    rules.add(rule);
  }

  void clear() {
    rules.clear();
  }

  /** A Status answer, as the API server writes one. */
  static MockResponse status(int code, String reason, String message) {
    return new MockResponse()
        .setResponseCode(code)
        .setBody(
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                + "\"message\":\""
                + message.replace("\\", "\\\\").replace("\"", "\\\"")
                + "\",\"reason\":\""
                + reason
                + "\",\"code\":"
                + code
                + "}");
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    Request seen =
        new Request(
            request.getMethod(),
            request.getPath() == null ? "" : request.getPath(),
            request.getBody() == null
                ? ""
                : new String(request.getBody().getBytes(), StandardCharsets.UTF_8));
    for (Function<Request, MockResponse> rule : rules) {
      MockResponse answer = rule.apply(seen);
      if (answer != null) {
        return answer;
      }
    }
    return store.dispatch(request);
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
