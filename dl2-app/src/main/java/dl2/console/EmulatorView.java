package dl2.console;

import dl2.emulator.EmulatedProgress;
import dl2.kubernetes.controller.SlotReport;
import dl2.simulation.SlotStats;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The emulator's live view after each slot: where the trace's jobs are (the counts add up to the
 * total), tasks, utilisation, reward, timings, an ETA from the share of the trace's work done, and
 * on a terminal the largest allocations. Every line fits 80 columns. On a terminal it redraws in
 * place; otherwise it prints one line per slot.
 */
public final class EmulatorView {
  public static final int COLUMNS = 80;
  private static final int SHOWN_JOBS = 12;
  private static final int TRACE_NAME_WIDTH = 12;
  private static final String CLEAR = "\033[H\033[2J";

  private final PrintWriter out;
  private final double paceSeconds;
  private final boolean terminal;
  private final LongSupplier nanoClock;
  private String trace = "";
  private int traceNumber;
  private int traceCount;
  private int nodes;
  private long traceStartNanos;

  public EmulatorView(PrintWriter out, double paceSeconds, boolean terminal) {
    this(out, paceSeconds, terminal, System::nanoTime);
  }

  public EmulatorView(
      PrintWriter out, double paceSeconds, boolean terminal, LongSupplier nanoClock) {
    this.out = out;
    this.paceSeconds = paceSeconds;
    this.terminal = terminal;
    this.nanoClock = nanoClock;
  }

  /** Trace {@code number} (from 1) of {@code count} begins. */
  public void start(String traceName, int number, int count, int nodeCount) {
    trace =
        traceName.length() <= TRACE_NAME_WIDTH
            ? traceName
            : traceName.substring(0, TRACE_NAME_WIDTH - 1) + "~";
    traceNumber = number;
    traceCount = count;
    nodes = nodeCount;
    traceStartNanos = nanoClock.getAsLong();
  }

  public void onSlot(SlotReport report, SlotStats stats, EmulatedProgress progress) {
    String eta = eta(progress);
    if (!terminal) {
      out.println(line(report, stats, progress, eta));
    } else {
      StringBuilder screen = new StringBuilder(CLEAR);
      for (String line : screen(report, stats, progress, eta)) {
        screen.append(line).append(System.lineSeparator());
      }
      out.print(screen);
    }
    out.flush();
    pause();
  }

  /** The one line per slot of a log, at most 80 columns for traces of up to 9,999 jobs. */
  String line(SlotReport report, SlotStats stats, EmulatedProgress p, String eta) {
    String line =
        String.format(
            Locale.ROOT,
            "%s slot %d: %d/%d done, %d running, %d queued; gpu %.0f%%; ETA %s",
            trace,
            report.slot(),
            p.completedJobs(),
            p.totalJobs(),
            p.runningJobs(),
            p.queuedJobs(),
            100 * stats.gpuUtilisation(),
            eta);
    return line.length() <= COLUMNS ? line : line.substring(0, COLUMNS);
  }

  /** The terminal screen: a summary of four lines, then the largest allocations. */
  List<String> screen(SlotReport report, SlotStats stats, EmulatedProgress p, String eta) {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "%s (trace %d of %d)  slot %d  ETA %s",
            trace,
            traceNumber,
            traceCount,
            report.slot(),
            eta));
    lines.add(
        String.format(
            Locale.ROOT,
            "jobs %d: %d done, %d running, %d queued, %d not arrived yet",
            p.totalJobs(),
            p.completedJobs(),
            p.runningJobs(),
            p.queuedJobs(),
            p.totalJobs() - p.arrivedJobs()));
    lines.add(
        String.format(
            Locale.ROOT,
            "tasks: %d workers, %d PS on %d nodes; cpu %.0f%%, gpu %.0f%%",
            report.workers(),
            report.parameterServers(),
            nodes,
            100 * stats.cpuUtilisation(),
            100 * stats.gpuUtilisation()));
    lines.add(
        String.format(
            Locale.ROOT,
            "reward %.3f; decision %.1f ms, slot %.0f ms; pods +%d -%d",
            stats.reward(),
            report.decisionMillis(),
            report.slotMillis(),
            report.podsCreated(),
            report.podsDeleted()));
    lines.add("");
    lines.add(
        String.format(
            Locale.ROOT,
            "%-12s %6s %-24s %7s %4s %21s",
            "job",
            "id",
            "model",
            "workers",
            "PS",
            "epochs done/total"));
    report.allocations().stream()
        .sorted(
            Comparator.comparingInt(
                    (SlotReport.Allocation a) -> -(a.workers() + a.parameterServers()))
                .thenComparingInt(SlotReport.Allocation::id))
        .limit(SHOWN_JOBS)
        .forEach(
            a ->
                lines.add(
                    String.format(
                        Locale.ROOT,
                        "%-12.12s %6d %-24.24s %7d %4d %21s",
                        a.name(),
                        a.id(),
                        a.modelType(),
                        a.workers(),
                        a.parameterServers(),
                        String.format(Locale.ROOT, "%.1f/%.1f", a.epochsDone(), a.epochs()))));
    return lines.stream().map(l -> l.length() <= COLUMNS ? l : l.substring(0, COLUMNS)).toList();
  }

  /** Wall time left for this trace, from the share of its work done so far; "?" before any work. */
  private String eta(EmulatedProgress p) {
    double elapsedSeconds = (nanoClock.getAsLong() - traceStartNanos) / 1e9;
    if (p.workFraction() >= 1) {
      return "0:00";
    }
    if (p.workFraction() <= 0) {
      return "?";
    }
    return ProgressLog.clock(elapsedSeconds * (1 - p.workFraction()) / p.workFraction());
  }

  private void pause() {
    if (paceSeconds > 0) {
      try {
        Thread.sleep((long) (paceSeconds * 1000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
