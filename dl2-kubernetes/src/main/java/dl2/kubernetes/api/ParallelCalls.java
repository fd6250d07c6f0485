package dl2.kubernetes.api;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs independent API calls (one pod each) a few at a time: a slot that resizes many jobs makes
 * thousands of calls, and each waits mostly on the API server. All calls run even if some fail, but
 * for a fenced write ({@link WriteFence.Fenced}): then the calls not yet started are dropped at
 * once. The first failure, in list order, is rethrown.
 */
public final class ParallelCalls {
  static final int CONCURRENCY = 8;

  private ParallelCalls() {}

  public static void runAll(List<Runnable> calls) {
    if (calls.size() <= 1) {
      calls.forEach(Runnable::run);
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(CONCURRENCY, calls.size()));
    try {
      List<Future<?>> futures = new ArrayList<>();
      calls.forEach(call -> futures.add(pool.submit(call)));
      RuntimeException first = null;
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (java.util.concurrent.CancellationException e) {
          // dropped after a fenced write
        } catch (ExecutionException e) {
          if (first == null) {
            first =
                e.getCause() instanceof RuntimeException r
                    ? r
                    : new IllegalStateException(e.getCause());
          }
          if (e.getCause() instanceof WriteFence.Fenced) {
            futures.forEach(f -> f.cancel(false)); // the queue stops: this replica no longer leads
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
}
