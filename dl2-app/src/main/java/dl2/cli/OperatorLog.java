package dl2.cli;

import dl2.kubernetes.controller.LoopListener;
import dl2.kubernetes.controller.SlotReport;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The controller's log: one line per event, each starting with its UTC time to the millisecond
 * (e.g. {@code 2026-12-01T09:11:15.700Z slot 41: ...}); slots and leadership on stdout, failures on stderr.
 */
final class OperatorLog implements LoopListener {
  private final PrintWriter out;
  private final PrintWriter err;
  private final Clock clock;

  OperatorLog(PrintWriter out, PrintWriter err) {
    this(out, err, Clock.systemUTC());
  }

  OperatorLog(PrintWriter out, PrintWriter err, Clock clock) {
    this.out = out;
    this.err = err;
    this.clock = clock;
  }

  @Override
  public void slot(SlotReport report) {
    info(ControllerCommand.line(report));
  }

  @Override
  public void slotFailed(String message) {
    write(err, "slot failed: " + message);
  }

  @Override
  public void leader(String identity) {
    info("leader: " + identity);
  }

  @Override
  public void note(String message) {
    info(message);
  }

  void info(String message) {
    write(out, message);
  }

  private synchronized void write(PrintWriter writer, String message) {
    writer.println(stamp(clock.instant()) + " " + message);
    writer.flush();
  }

  /** ISO-8601 UTC with exactly three fractional digits, so that the lines align. */
  static String stamp(Instant time) {
    String text = time.truncatedTo(ChronoUnit.MILLIS).toString();
    return text.contains(".") ? text : text.replace("Z", ".000Z");
  }
}
