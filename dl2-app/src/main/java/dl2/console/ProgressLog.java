package dl2.console;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Progress for logs (stderr is not a terminal): one plain line every few seconds, e.g. {@code
 * compare: 12/70 traces (17%), 0:10 elapsed, ETA 0:48 | message}, and a last line when a run that
 * printed any finishes. A run shorter than the interval prints nothing, so quick commands keep
 * stderr clean.
 */
final class ProgressLog {
  static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final String task;
  private final long total;
  private final String unit;
  private final PrintWriter err;
  private final LongSupplier nanoClock;
  private final long startNanos;
  private final AtomicLong done = new AtomicLong();
  private long firstStep; // a resumed run starts here: its rate and ETA count from it
  private volatile String message = "";
  private long nextLineNanos;
  private boolean printed;
  private ScheduledExecutorService ticker;

  ProgressLog(String task, long total, String unit, PrintWriter err, LongSupplier nanoClock) {
    this.task = task;
    this.total = total;
    this.unit = unit;
    this.err = err;
    this.nanoClock = nanoClock;
    this.startNanos = nanoClock.getAsLong();
    this.nextLineNanos = startNanos + INTERVAL_NANOS;
  }

  /** A log on the wall clock that checks once a second whether a line is due. */
  static ProgressLog started(String task, long total, String unit, PrintWriter err) {
    return started(task, total, 0, unit, err);
  }

  /** The same for a run that resumes at {@code first} of {@code total}. */
  static ProgressLog started(String task, long total, long first, String unit, PrintWriter err) {
    ProgressLog log = new ProgressLog(task, total, unit, err, System::nanoTime);
    log.startAt(first);
    log.ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "dl2-progress");
              thread.setDaemon(true);
              return thread;
            });
    log.ticker.scheduleAtFixedRate(log::tick, 1, 1, TimeUnit.SECONDS);
    return log;
  }

  void stepTo(long n) {
    done.set(n);
  }

  /** Counts from {@code first}: the steps before it took no time of this run. */
  void startAt(long first) {
    firstStep = first;
    done.set(first);
  }

  /** Thread-safe. */
  void step() {
    done.incrementAndGet();
  }

  void message(String text) {
    message = text;
  }

  /** Prints a line if one is due. */
  void tick() {
    synchronized (err) {
      long now = nanoClock.getAsLong();
      if (now >= nextLineNanos) {
        print(line(now));
        nextLineNanos = now + INTERVAL_NANOS;
      }
    }
  }

  /** Stops the clock; a run that printed lines gets a last one. */
  void close() {
    if (ticker != null) {
      ticker.shutdownNow();
    }
    synchronized (err) {
      if (printed) {
        print(line(nanoClock.getAsLong()));
      }
    }
  }

  String line(long nowNanos) {
    long count = done.get();
    double elapsedSeconds = (nowNanos - startNanos) / 1e9;
    StringBuilder line =
        new StringBuilder(task).append(": ").append(count).append('/').append(total).append(unit);
    if (total > 0) {
      line.append(String.format(Locale.ROOT, " (%d%%)", Math.round(100.0 * count / total)));
    }
    line.append(", ").append(clock(elapsedSeconds)).append(" elapsed");
    long counted = count - firstStep;
    if (count >= total) {
      line.append(", done");
      if (elapsedSeconds > 0) {
        line.append(String.format(Locale.ROOT, " (%.1f%s/s)", counted / elapsedSeconds, unit));
      }
    } else if (counted > 0) {
      line.append(", ETA ").append(clock(elapsedSeconds * (total - count) / counted));
    }
    String text = message;
    if (!text.isEmpty()) {
      line.append(" | ").append(text);
    }
    return line.toString();
  }

  private void print(String line) {
    printed = true;
    err.println(line);
    err.flush();
  }

  /** h:mm:ss, or m:ss under an hour. */
  static String clock(double seconds) {
    long s = Math.max(0, Math.round(seconds));
    return s >= 3600
        ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
