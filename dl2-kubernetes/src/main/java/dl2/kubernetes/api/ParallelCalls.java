package dl2.kubernetes.api;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs independent API calls (one pod each) a few at a time: a slot that resizes many jobs makes
 * thousands of calls, and each waits mostly on the API server. All calls run even if some fail (a
 * refusal is one object's), but for two failures that every later call would share: a fenced write
 * ({@link WriteFence.Fenced}: this replica no longer leads), and a call that got no answer through
 * all its retries (a transport failure or a timeout: the API server is unreachable). Then the calls
 * not yet started are dropped at once, unsent, instead of each being retried in turn (a real API
 * server's restart failed a slot only after 51 s). The first failure, in list order, is rethrown.
 */
public final class ParallelCalls {
  static final int CONCURRENCY = 8;

  private ParallelCalls() {}

  public static void runAll(List<Runnable> calls) {
    if (calls.size() <= 1) {
      calls.forEach(Runnable::run);
      return;
    }
    AtomicBoolean stopped = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(CONCURRENCY, calls.size()));
    try {
      List<Future<?>> futures = new ArrayList<>();
      calls.forEach(call -> futures.add(pool.submit(() -> runUnlessStopped(call, stopped))));
      RuntimeException first = null;
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (java.util.concurrent.CancellationException e) {
          // dropped after a failure that stops the queue
        } catch (ExecutionException e) {
          if (first == null) {
            first =
                e.getCause() instanceof RuntimeException r
                    ? r
                    : new IllegalStateException(e.getCause());
          }
          if (stopsTheQueue(e.getCause())) {
            futures.forEach(f -> f.cancel(false));
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while applying the slot", e);
        }
      }
      if (first != null) {
        throw first;
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Runs {@code call} unless an earlier one stopped the queue; a failure that stops it does so
   * before its call ends, so no call started after it is sent.
   */
  private static void runUnlessStopped(Runnable call, AtomicBoolean stopped) {
    if (stopped.get()) {
      return;
    }
    try {
      call.run();
    } catch (RuntimeException e) {
      if (stopsTheQueue(e)) {
        stopped.set(true);
      }
      throw e;
    }
  }

  /**
   * This replica may not write any more, or a call went unanswered through its retries (no HTTP
   * code).
   */
  static boolean stopsTheQueue(Throwable failure) {
    return failure instanceof WriteFence.Fenced
        || failure instanceof KubernetesClientException k && k.getCode() <= 0;
  }
}
