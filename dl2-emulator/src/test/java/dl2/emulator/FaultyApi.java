package dl2.emulator;

import dl2.model.Rng;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wraps the mock server's dispatcher to fail a share of the controller's requests (those with its
 * user agent): 500 or 409 without touching the store, or a timeout after the store changed (the
 * request reached the server, the answer never came back). An outage fails every request.
 */
final class FaultyApi extends Dispatcher {
  private final Dispatcher store;
  private final Rng rng;
  private final double failureShare;
  private final Duration timeoutDelay;
  private volatile int outageFrom = Integer.MAX_VALUE;
  final AtomicInteger failures500 = new AtomicInteger();
  final AtomicInteger conflicts = new AtomicInteger();
  final AtomicInteger timeouts = new AtomicInteger();
  final AtomicInteger controllerRequests = new AtomicInteger();

  FaultyApi(Dispatcher store, long seed, double failureShare, Duration timeoutDelay) {
    this.store = store;
    this.rng = new Rng(seed);
    this.failureShare = failureShare;
    this.timeoutDelay = timeoutDelay;
  }

  /**
   * Every controller request from the {@code requests}-th next one on fails, until {@link #heal()}.
   */
  void outageAfter(int requests) {
    outageFrom = controllerRequests.get() + requests;
  }

  void heal() {
    outageFrom = Integer.MAX_VALUE;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    String agent = request.getHeader("User-Agent");
    if (agent == null || !agent.contains(MockCluster.CONTROLLER_AGENT)) {
      return store.dispatch(request);
    }
    if (controllerRequests.incrementAndGet() > outageFrom) {
      failures500.incrementAndGet();
      return status(503, "ServiceUnavailable");
    }
    double draw;
    synchronized (rng) {
      draw = rng.nextDouble();
    }
    if (draw < failureShare * 0.4) {
      failures500.incrementAndGet();
      return status(500, "InternalError");
    }
    if (draw < failureShare * 0.8) {
      conflicts.incrementAndGet();
      return status(409, "Conflict");
    }
    if (draw < failureShare) {
      timeouts.incrementAndGet();
      return store.dispatch(request).setBodyDelay(timeoutDelay);
    }
    return store.dispatch(request);
  }

  private static MockResponse status(int code, String reason) {
    return new MockResponse()
        .setResponseCode(code)
        .setBody(
            "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                + "\"reason\":\""
                + reason
                + "\",\"code\":"
                + code
                + "}");
  }

  @Override
  public void shutdown() {
    store.shutdown();
  }
}
