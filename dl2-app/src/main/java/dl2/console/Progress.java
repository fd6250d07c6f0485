package dl2.console;

import java.io.PrintWriter;
import java.time.Duration;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long run on stderr, never on stdout: a bar redrawn in place when stderr is a
 * terminal (the launcher passes {@code -Ddl2.stderr.tty=true}), otherwise a {@link ProgressLog}
 * line every few seconds.
 */
public final class Progress implements AutoCloseable {
  /** Columns of the bar: one less than a standard terminal, so that it never wraps. */
  private static final int WIDTH = 79;

  private final ProgressBar bar;
  private final ProgressLog log;
  private boolean closed;

  private Progress(ProgressBar bar, ProgressLog log) {
    this.bar = bar;
    this.log = log;
  }

  public static Progress none() {
    return new Progress(null, null);
  }

  /** Progress over {@code runs} simulations (one scheduler on one trace each). */
  public static Progress of(String task, long runs, PrintWriter err) {
    return over(task, runs, " traces", err);
  }

  /**
   * Progress over {@code total} things counted in {@code unit} (with a leading space, e.g. "
   * runs").
   */
  public static Progress over(String task, long total, String unit, PrintWriter err) {
    return start(task, total, unit, false, err);
  }

  /**
   * Progress over {@code steps} training steps, with the speed; {@link #message} carries the latest
   * metric.
   */
  public static Progress training(String task, long steps, PrintWriter err) {
    return training(task, steps, 0, err);
  }

  /** The same for a run resumed at step {@code first}: speed and ETA count from there. */
  public static Progress training(String task, long steps, long first, PrintWriter err) {
    return start(task, steps, first, " steps", true, err);
  }

  private static Progress start(
      String task, long total, String unit, boolean showSpeed, PrintWriter err) {
    return start(task, total, 0, unit, showSpeed, err);
  }

  private static Progress start(
      String task, long total, long first, String unit, boolean showSpeed, PrintWriter err) {
    if (!terminal()) {
      return new Progress(null, ProgressLog.started(task, total, first, unit, err));
    }
    ProgressBarBuilder builder =
        new ProgressBarBuilder()
            .setTaskName(task)
            .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
            .setInitialMax(total)
            .setUnit(unit, 1)
            .setUpdateIntervalMillis(200)
            .setMaxRenderedLength(WIDTH)
            .setConsumer(new TerminalConsumer(err))
            .startsFrom(first, Duration.ZERO);
    if (showSpeed) {
      builder.showSpeed();
    }
    return new Progress(builder.build(), null);
  }

  private static boolean terminal() {
    return Boolean.getBoolean("dl2.stderr.tty");
  }

  public void stepTo(long n) {
    if (bar != null) {
      bar.stepTo(n);
    } else if (log != null) {
      log.stepTo(n);
    }
  }

  public void message(String text) {
    if (bar != null) {
      bar.setExtraMessage(
          " | " + text); // the bar glues its speed and the message together otherwise
    } else if (log != null) {
      log.message(text);
    }
  }

  /** Thread-safe. */
  public void step() {
    if (bar != null) {
      bar.step();
    } else if (log != null) {
      log.step();
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (bar != null) {
      bar.close();
    } else if (log != null) {
      log.close();
    }
  }

  /**
   * Redraws the bar in place on the command's stderr writer; unlike the default consumer it needs
   * no terminal library.
   */
  private record TerminalConsumer(PrintWriter err) implements ProgressBarConsumer {
    @Override
    public int getMaxRenderedLength() {
      return WIDTH;
    }

    @Override
    public void accept(String rendered) {
      synchronized (err) {
        err.print('\r' + rendered);
        err.flush();
      }
    }

    @Override
    public void close() {
      synchronized (err) {
        err.println();
        err.flush();
      }
    }
  }
}
