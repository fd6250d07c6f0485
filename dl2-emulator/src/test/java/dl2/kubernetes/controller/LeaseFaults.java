package dl2.kubernetes.controller;

import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * While {@link #failing}, answers 503 to every write of the Lease that names {@code holder} (its
 * renewals); the rest goes to the store.
 */
class LeaseFaults extends Dispatcher {
  private final Dispatcher store;
  private final String holder;
  final AtomicBoolean failing = new AtomicBoolean();

  LeaseFaults(Dispatcher store, String holder) {
    this.store = store;
    this.holder = holder;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String body =
        request.getBody() == null
            ? ""
            : new String(request.getBody().getBytes(), StandardCharsets.UTF_8);
    if (failing.get()
        && !request.getMethod().equals("GET")
        && request.getPath().contains("/leases/")
        && body.contains("\"holderIdentity\":\"" + holder + "\"")) {
      return new MockResponse()
          .setResponseCode(503)
          .setBody(
              "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                  + "\"message\":\"etcd is unavailable\",\"code\":503}");
    }
    return store.dispatch(request);
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
