package dl2.cli;

import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr for long runs, shown only when stderr is a terminal (the launcher
 * passes {@code -Ddl2.stderr.tty=true}) or when there are many traces. Never writes to stdout.
 */
final class Progress implements AutoCloseable {
  /** From this many traces on, a run shows progress even when stderr is not a terminal. */
  static final int MANY_TRACES = 50;
  private static final int WIDTH = 80;

  private final ProgressBar bar;
  private boolean closed;

  private Progress(ProgressBar bar) {
    this.bar = bar;
  }

  static Progress none() {
    return new Progress(null);
  }

  /** A bar over {@code runs} simulations of {@code traceCount} traces, if it should be shown. */
  static Progress of(String task, long runs, int traceCount, PrintWriter err) {
    boolean terminal = Boolean.getBoolean("dl2.stderr.tty");
    if (!terminal && traceCount < MANY_TRACES) {
      return none();
    }
    ProgressBar bar = new ProgressBarBuilder()
        .setTaskName(task)
        .setStyle(terminal ? ProgressBarStyle.COLORFUL_UNICODE_BLOCK : ProgressBarStyle.ASCII)
        .setInitialMax(runs)
        .setUnit(" traces", 1)
        .setConsumer(new WriterConsumer(err, terminal))
        .build();
    return new Progress(bar);
  }

  /** A bar over {@code steps} training steps, always shown; the extra message carries the current metric. */
  static Progress training(String task, long steps, PrintWriter err) {
    boolean terminal = Boolean.getBoolean("dl2.stderr.tty");
    ProgressBar bar = new ProgressBarBuilder()
        .setTaskName(task)
        .setStyle(terminal ? ProgressBarStyle.COLORFUL_UNICODE_BLOCK : ProgressBarStyle.ASCII)
        .setInitialMax(steps)
        .setUnit(" steps", 1)
        .setUpdateIntervalMillis(terminal ? 200 : 10_000)
        .setMaxRenderedLength(WIDTH + 40)
        .showSpeed()
        .setConsumer(new WriterConsumer(err, terminal))
        .build();
    return new Progress(bar);
  }

  void stepTo(long n) {
    if (bar != null) {
      bar.stepTo(n);
    }
  }

  void message(String text) {
    if (bar != null) {
      bar.setExtraMessage(text);
    }
  }

  /** Thread-safe. */
  void step() {
    if (bar != null) {
      bar.step();
    }
  }

  @Override
  public void close() {
    if (bar != null && !closed) {
      closed = true;
      bar.close();
    }
  }

  /** Renders into the command's stderr writer; unlike the default consumer it needs no terminal library. */
  private record WriterConsumer(PrintWriter err, boolean terminal) implements ProgressBarConsumer {
    @Override
    public int getMaxRenderedLength() {
      return WIDTH + 40;
    }

    @Override
    public void accept(String rendered) {
      synchronized (err) {
        if (terminal) {
          err.print('\r' + rendered);
        } else {
          err.println(rendered.strip()); // Logs get one line per update instead of carriage returns.
        }
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
