package dl2.console;

import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.controller.LoopListener;
import dl2.kubernetes.controller.SlotReport;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The controller's log: one line per event, each starting with its UTC time to the millisecond
 * (e.g. {@code 2026-12-01T09:11:15.700Z slot 41: ...}); slots, leadership and unused nodes (when
 * they change) on stdout, failures, rejected jobs and running jobs whose new pods are refused (once
 * while the server's message stays the same) on stderr.
 */
public final class OperatorLog implements LoopListener {
  private final PrintWriter out;
  private final PrintWriter err;
  private final Clock clock;
  private java.util.List<dl2.kubernetes.api.SkippedNode> skipped = java.util.List.of();
  private java.util.List<String> closed = java.util.List.of();
  private java.util.Map<String, String> refused = java.util.Map.of();

  public OperatorLog(PrintWriter out, PrintWriter err) {
    this(out, err, Clock.systemUTC());
  }

  public OperatorLog(PrintWriter out, PrintWriter err, Clock clock) {
    this.out = out;
    this.err = err;
    this.clock = clock;
  }

  @Override
  public void slot(SlotReport report) {
    info(line(report));
    if (!report.skippedNodes().equals(skipped)) {
      info(
          report.skippedNodes().isEmpty()
              ? "every node is used again"
              : "nodes not used: "
                  + dl2.kubernetes.api.NodeInventory.summary(report.skippedNodes()));
      skipped = report.skippedNodes();
    }
    if (!report.closedNodes().equals(closed)) {
      info(
          report.closedNodes().isEmpty()
              ? "no node is NotReady within its grace period any more"
              : "nodes NotReady, keeping their pods and taking no new one: "
                  + String.join(", ", report.closedNodes()));
      closed = report.closedNodes();
    }
    report
        .rejected()
        .forEach(
            (job, message) ->
                write(err, "job " + job + " rejected, marked Valid=False: " + message));
    report.refused().entrySet().stream()
        .filter(e -> !e.getValue().equals(refused.get(e.getKey())))
        .forEach(
            e ->
                write(
                    err,
                    "job "
                        + e.getKey()
                        + " keeps the pods it runs; the API server refused its new ones: "
                        + e.getValue()));
    refused = report.refused();
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

  public void info(String message) {
    write(out, message);
  }

  private synchronized void write(PrintWriter writer, String message) {
    writer.println(stamp(clock.instant()) + " " + message);
    writer.flush();
  }

  /**
   * A slot's report in one line: jobs by phase, tasks, pods changed, times, and the nodes not used.
   */
  static String line(SlotReport r) {
    return String.format(
            "slot %d: %d pending, %d running, %d completed, %d invalid; %d workers, %d PS; pods +%d -%d; "
                + "decision %.2f ms, slot %.0f ms",
            r.slot(),
            r.phases().get(JobPhase.Pending),
            r.phases().get(JobPhase.Running),
            r.phases().get(JobPhase.Completed),
            r.phases().get(JobPhase.Invalid),
            r.workers(),
            r.parameterServers(),
            r.podsCreated(),
            r.podsDeleted(),
            r.decisionMillis(),
            r.slotMillis())
        + (r.skippedNodes().isEmpty()
            ? ""
            : "; "
                + r.skippedNodes().size()
                + " node"
                + (r.skippedNodes().size() == 1 ? "" : "s")
                + " not used");
  }

  /** ISO-8601 UTC with exactly three fractional digits, so that the lines align. */
  static String stamp(Instant time) {
    String text = time.truncatedTo(ChronoUnit.MILLIS).toString();
    return text.contains(".") ? text : text.replace("Z", ".000Z");
  }
}
