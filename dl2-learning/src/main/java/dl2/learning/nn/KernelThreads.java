package dl2.learning.nn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Threads that share a batch kernel's independent work: the rows of a forward pass, the weight rows
 * of a gradient, the rows of an input gradient. Every output element is still computed by one
 * thread with the one-thread arithmetic in the same order, so results are bit-identical for any
 * thread count; only small kernels stay on the calling thread. Process-wide: training sets it from
 * its {@code --threads}; the helper threads are daemons, started on first use.
 */
public final class KernelThreads {
  /** Below this many multiply-adds a kernel is not worth a hand-over (tens of microseconds). */
  static final long MIN_WORK = 1 << 17;

  private static volatile long minWork = MIN_WORK;

  private static volatile int threads = 1;
  private static volatile ExecutorService helpers;
  private static int helperCount;

  private KernelThreads() {}

  /**
   * Kernels split their work over {@code count} threads (1: the calling thread only). The helper
   * pool only ever grows, and an outgrown pool is left to idle rather than shut down, so a kernel
   * that another thread is running never finds its pool closed.
   */
  public static synchronized void use(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("kernel threads must be at least 1: " + count);
    }
    if (count - 1 > helperCount) {
      helpers =
          Executors.newFixedThreadPool(
              count - 1,
              r -> {
                Thread t = new Thread(r, "dl2-kernel");
                t.setDaemon(true);
                return t;
              });
      helperCount = count - 1;
    }
    threads = count; // after the pool: a kernel that reads this count finds a pool that large
  }

  /** Tests: split kernels from {@code work} multiply-adds on, so that small networks split too. */
  static void splitFrom(long work) {
    minWork = work;
  }

  /**
   * Whether a kernel of {@code work} would split; callers on hot one-sample paths skip building a
   * piece when not.
   */
  static boolean splits(long work) {
    return threads > 1 && work >= minWork;
  }

  /** A piece of a kernel: items [from, to) of its range. */
  interface Range {
    void run(int from, int to);
  }

  /**
   * Runs {@code body} over [0, n) in consecutive pieces whose boundaries are multiples of {@code
   * align} (so that blocked loops see the same blocks), one piece per thread, when {@code work}
   * multiply-adds make that worthwhile; otherwise in one piece on this thread.
   */
  static void split(int n, int align, long work, Range body) {
    int count = threads;
    if (count == 1 || work < minWork || n < 2 * align) {
      body.run(0, n);
      return;
    }
    int blocks = (n + align - 1) / align;
    int pieces = Math.min(count, blocks);
    List<Future<?>> others = new ArrayList<>(pieces - 1);
    for (int p = 1; p < pieces; p++) {
      int from = boundary(p, pieces, blocks, align, n);
      int to = boundary(p + 1, pieces, blocks, align, n);
      others.add(helpers.submit(() -> body.run(from, to)));
    }
    body.run(0, boundary(1, pieces, blocks, align, n));
    for (Future<?> f : others) {
      try {
        f.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while a kernel ran", e);
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException runtime) {
          throw runtime;
        }
        throw new IllegalStateException(e.getCause());
      }
    }
  }

  /** Where piece {@code p} of {@code pieces} starts: a block boundary, or n for the end. */
  private static int boundary(int p, int pieces, int blocks, int align, int n) {
    return p == pieces ? n : (int) Math.min(n, (long) blocks * p / pieces * align);
  }
}
