package dl2.console;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.emulator.EmulatedProgress;
import dl2.kubernetes.api.JobPhase;
import dl2.kubernetes.controller.SlotReport;
import dl2.simulation.SlotStats;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The emulator's live view: 80 columns, counts that add up, an ETA from the work done. */
class EmulatorViewTest {
  private final long[] nanos = {0};

  /** A paper-large-sized slot: 200 jobs, 9,999 slots, 16 workers and 16 PS for many long jobs. */
  private static SlotReport bigSlot() {
    List<SlotReport.Allocation> allocations = new ArrayList<>();
    for (int id = 1; id <= 30; id++) {
      allocations.add(
          new SlotReport.Allocation(
              "job-" + String.format("%05d", id),
              id,
              "cnn-text-classification",
              16,
              16,
              29999.5,
              30000.0));
    }
    return new SlotReport(
        9999, Map.of(JobPhase.Running, 30), allocations, 9999, 9999, 123.456, 1234.5, 123456.0);
  }

  private EmulatorView view(StringWriter out, boolean terminal) {
    EmulatorView view = new EmulatorView(new PrintWriter(out), 0, terminal, () -> nanos[0]);
    view.start("a-very-long-trace-file-name", 3, 10, 500);
    return view;
  }

  @Test
  void aLogLineFitsEightyColumnsAndItsCountsAddUp() {
    StringWriter out = new StringWriter();
    EmulatorView view = view(out, false);
    nanos[0] = 90_000_000_000L; // 90 s for a quarter of the work: 4:30 to go
    view.onSlot(
        bigSlot(), new SlotStats(9999, 1, 1, 1), new EmulatedProgress(200, 150, 40, 100, 0.25));
    String line = out.toString().strip();
    assertThat(line)
        .hasLineCount(1)
        .hasSizeLessThanOrEqualTo(80)
        .isEqualTo(
            "a-very-long~ slot 9999: 100/200 done, 40 running, 10 queued; gpu 100%; ETA 4:30");
  }

  @Test
  void theTerminalScreenFitsEightyColumnsAndShowsEveryState() {
    StringWriter out = new StringWriter();
    EmulatorView view = view(out, true);
    view.onSlot(
        bigSlot(), new SlotStats(9999, 1, 0.5, 1), new EmulatedProgress(200, 150, 40, 100, 0));
    String screen = out.toString().substring("\033[H\033[2J".length());
    assertThat(screen.lines()).allMatch(l -> l.length() <= 80).hasSize(6 + 12);
    assertThat(screen)
        .contains(
            "(trace 3 of 10)  slot 9999  ETA ?",
            "jobs 200: 100 done, 40 running, 10 queued, 50 not arrived yet",
            "480 workers, 480 PS on 500 nodes; cpu 50%",
            "29999.5/30000.0");
  }

  @Test
  void countsThatDoNotAddUpAreRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new EmulatedProgress(10, 5, 4, 2, 0.5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
