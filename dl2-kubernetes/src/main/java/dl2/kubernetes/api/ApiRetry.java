package dl2.kubernetes.api;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Retries an API call with exponential backoff on the failures that are worth retrying: server
 * errors (5xx), 429, 409 conflicts and transport failures or timeouts (no code). Anything else
 * (400, 403, 404, 422) fails at once.
 */
public final class ApiRetry {
  private final int attempts;
  private final Duration initialBackoff;
  private final AtomicLong retries = new AtomicLong();

  public ApiRetry(int attempts, Duration initialBackoff) {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1: " + attempts);
    }
    this.attempts = attempts;
    this.initialBackoff = initialBackoff;
  }

  /** 6 attempts, 200 ms doubling: about 6 s in all before giving up. */
  public static ApiRetry standard() {
    return new ApiRetry(6, Duration.ofMillis(200));
  }

  public static boolean retriable(KubernetesClientException e) {
    int code = e.getCode();
    return code <= 0
        || code >= 500
        || code == 409
        || code == 429; // no code: transport failure or timeout
  }

  /** Calls {@code action} until it succeeds, fails for good, or runs out of attempts. */
  public <T> T call(Supplier<T> action) {
    long backoffMillis = initialBackoff.toMillis();
    for (int attempt = 1; ; attempt++) {
      try {
        return action.get();
      } catch (KubernetesClientException e) {
        if (attempt >= attempts || !retriable(e)) {
          throw e;
        }
      }
      retries.incrementAndGet();
      sleep(backoffMillis);
      backoffMillis *= 2;
    }
  }

  public void run(Runnable action) {
    call(
        () -> {
          action.run();
          return null;
        });
  }

  /** Retries so far, for the metrics. */
  public long retries() {
    return retries.get();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KubernetesClientException("interrupted while backing off", e);
    }
  }
}
