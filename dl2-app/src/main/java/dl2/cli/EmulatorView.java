package dl2.cli;

import dl2.kubernetes.JobPhase;
import dl2.kubernetes.SlotReport;
import dl2.simulation.SlotStats;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;

/**
 * The emulator's live view: after each slot, the jobs by phase, allocated tasks, utilisation and
 * reward, and the largest allocations. On a terminal it redraws in place; otherwise it prints one
 * line per slot.
 */
final class EmulatorView {
  private static final int SHOWN_JOBS = 12;
  private static final String CLEAR = "\033[H\033[2J";

  private final PrintWriter out;
  private final double paceSeconds;
  private final boolean terminal;
  private String trace = "";
  private int nodes;

  EmulatorView(PrintWriter out, double paceSeconds, boolean terminal) {
    this.out = out;
    this.paceSeconds = paceSeconds;
    this.terminal = terminal;
  }

  void start(String traceName, int nodeCount) {
    trace = traceName;
    nodes = nodeCount;
  }

  void onSlot(SlotReport report, SlotStats stats, int finished, int total) {
    String summary = String.format("%s slot %4d | jobs: %d pending, %d running, %d completed of %d | %d workers, %d PS "
        + "on %d nodes | cpu %3.0f%% gpu %3.0f%% | reward %.3f | decision %.1f ms, slot %.0f ms | pods +%d -%d",
        trace, report.slot(), report.phases().get(JobPhase.Pending), report.phases().get(JobPhase.Running), finished,
        total, report.workers(), report.parameterServers(), nodes, 100 * stats.cpuUtilisation(),
        100 * stats.gpuUtilisation(), stats.reward(), report.decisionMillis(), report.slotMillis(), report.podsCreated(),
        report.podsDeleted());
    if (!terminal) {
      out.println(summary);
    } else {
      StringBuilder screen = new StringBuilder(CLEAR).append(summary).append(System.lineSeparator())
          .append(String.format("%n%-12s %6s %-24s %8s %4s %12s%n", "job", "id", "model", "workers", "PS", "epochs"));
      List<SlotReport.Allocation> biggest = report.allocations().stream()
          .sorted(Comparator.comparingInt((SlotReport.Allocation a) -> -(a.workers() + a.parameterServers()))
              .thenComparingInt(SlotReport.Allocation::id))
          .limit(SHOWN_JOBS).toList();
      for (SlotReport.Allocation a : biggest) {
        screen.append(String.format("%-12s %6d %-24s %8d %4d %5.1f/%-6.1f%n", a.name(), a.id(), a.modelType(), a.workers(),
            a.parameterServers(), a.epochsDone(), a.epochs()));
      }
      out.print(screen);
    }
    out.flush();
    pause();
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
