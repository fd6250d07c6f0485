package dl2.console;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.api.SkippedNode;
import dl2.kubernetes.controller.SlotReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The controller's log: every line timestamped; unused nodes named when they change; rejected jobs
 * on stderr.
 */
class OperatorLogTest {
  private static SlotReport slot(
      int slot, List<SkippedNode> skipped, Map<String, String> rejected) {
    Map<JobPhase, Integer> phases =
        Map.of(
            JobPhase.Pending,
            0,
            JobPhase.Running,
            1,
            JobPhase.Completed,
            0,
            JobPhase.Invalid,
            rejected.size());
    return new SlotReport(slot, phases, List.of(), 2, 0, 0, 0.5, 12, skipped, rejected, List.of());
  }

  @Test
  void linesCarryTheirTimeAndSayWhatChanged() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    OperatorLog log =
        new OperatorLog(
            new PrintWriter(out),
            new PrintWriter(err),
            Clock.fixed(Instant.parse("2026-12-01T09:11:15Z"), ZoneOffset.UTC));
    List<SkippedNode> cpu = List.of(new SkippedNode("cpu-1", "no nvidia.com/gpu"));
    log.slot(slot(41, cpu, Map.of()));
    log.slot(slot(42, cpu, Map.of("bert", "Pod \"bert-worker-0\" is invalid: ...")));
    log.slot(slot(43, List.of(), Map.of()));
    log.slotFailed("configmaps dl2-controller-state: connection refused");
    assertThat(out.toString().lines())
        .containsExactly(
            "2026-12-01T09:11:15.000Z slot 41: 0 pending, 1 running, 0 completed, 0 invalid; 0 workers, 0 PS; pods +2 -0; "
                + "decision 0.50 ms, slot 12 ms; 1 node not used",
            "2026-12-01T09:11:15.000Z nodes not used: cpu-1 (no nvidia.com/gpu)",
            "2026-12-01T09:11:15.000Z slot 42: 0 pending, 1 running, 0 completed, 1 invalid; 0 workers, 0 PS; pods +2 -0; "
                + "decision 0.50 ms, slot 12 ms; 1 node not used",
            "2026-12-01T09:11:15.000Z slot 43: 0 pending, 1 running, 0 completed, 0 invalid; 0 workers, 0 PS; pods +2 -0; "
                + "decision 0.50 ms, slot 12 ms",
            "2026-12-01T09:11:15.000Z every node is used again");
    assertThat(err.toString().lines())
        .containsExactly(
            "2026-12-01T09:11:15.000Z job bert rejected, marked Valid=False: Pod \"bert-worker-0\" is invalid: ...",
            "2026-12-01T09:11:15.000Z slot failed: configmaps dl2-controller-state: connection refused");
  }

  /** A running job refused its new pods is named once while the server's message stays. */
  @Test
  void aRunningJobsRefusedGrowthIsLoggedOnceUntilTheMessageChanges() {
    StringWriter err = new StringWriter();
    OperatorLog log =
        new OperatorLog(
            new PrintWriter(new StringWriter()),
            new PrintWriter(err),
            Clock.fixed(Instant.parse("2026-12-01T09:11:15Z"), ZoneOffset.UTC));
    String quota = "pods \"a-worker-3\" is forbidden: failed quota: mem";
    for (int slot = 1; slot <= 4; slot++) {
      Map<String, String> refused =
          slot == 3 ? Map.of() : Map.of("a", slot == 4 ? quota + " (again)" : quota);
      SlotReport report = slot(slot, List.of(), Map.of());
      log.slot(
          new SlotReport(
              report.slot(),
              report.phases(),
              report.allocations(),
              0,
              0,
              0,
              0.5,
              12,
              List.of(),
              Map.of(),
              List.of(),
              refused));
    }
    assertThat(err.toString().lines())
        .containsExactly(
            "2026-12-01T09:11:15.000Z job a keeps the pods it runs; the API server refused its new ones: "
                + quota,
            "2026-12-01T09:11:15.000Z job a keeps the pods it runs; the API server refused its new ones: "
                + quota
                + " (again)");
  }
}
