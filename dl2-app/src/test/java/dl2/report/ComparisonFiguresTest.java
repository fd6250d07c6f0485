package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.simulation.SlotStats;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The statistics behind compare's figures, on hand-made runs. */
class ComparisonFiguresTest {
  private static TraceOutcome trace(
      String name, double avgJct, double makespan, List<SlotStats> slots, double... jcts) {
    List<JobOutcome> jobs =
        java.util.stream.IntStream.range(0, jcts.length)
            .mapToObj(i -> job(i + 1, 0, jcts[i]))
            .toList();
    return new TraceOutcome(
        name, OptionalLong.empty(), avgJct, makespan, slots.size(), jobs, slots);
  }

  /** A job that arrived in slot {@code arrival}, started at once and took {@code jct} slots. */
  static JobOutcome job(int id, int arrival, double jct) {
    return new JobOutcome(id, "resnet-50", arrival, arrival, arrival + jct, jct, 1, 1, 1);
  }

  /** Average JCTs 4 and 8: mean 6, sample standard deviation √((4 + 4)/1) = 2√2. */
  @Test
  void spreadOverTracesIsTheSampleStandardDeviation() {
    SchedulerRun run =
        new SchedulerRun("s", List.of(trace("a", 4, 10, List.of()), trace("b", 8, 20, List.of())));
    assertThat(TraceStats.avgJct(run).mean()).isEqualTo(6);
    assertThat(TraceStats.avgJct(run).standardDeviation())
        .isCloseTo(2 * Math.sqrt(2), within(1e-12));
    assertThat(TraceStats.makespan(run).standardDeviation())
        .isCloseTo(Math.sqrt(50), within(1e-12));
    assertThat(TraceStats.of(List.of(3.0)).standardDeviation()).isZero();
  }

  /** Trace a runs 2 slots (GPU 0.5, 0.25), trace b 1 slot (1.0): per-slot means (0.75, 0.125). */
  @Test
  void utilisationIsAveragedOverTracesWithFinishedTracesIdle() {
    SchedulerRun run =
        new SchedulerRun(
            "s",
            List.of(
                trace(
                    "a",
                    1,
                    2,
                    List.of(new SlotStats(0, 0, 0.1, 0.5), new SlotStats(1, 0, 0.1, 0.25))),
                trace("b", 1, 1, List.of(new SlotStats(0, 0, 0.3, 1.0)))));
    assertThat(UtilisationFigure.meanPerSlot(run, UtilisationFigure.Resource.GPU))
        .containsExactly(0.75, 0.125);
    assertThat(UtilisationFigure.meanPerSlot(run, UtilisationFigure.Resource.CPU))
        .containsExactly(0.2, 0.05);
  }

  /**
   * The fastest scheduler at 5 % of the GPUs (peak 6 %) is explained; at a 95 % peak, or when it is
   * the busy one, not.
   */
  @Test
  void aFastSchedulerLeavingTheGpusIdleIsExplained() {
    SchedulerRun idle =
        new SchedulerRun(
            "optimus",
            List.of(
                trace(
                    "a",
                    1,
                    2,
                    List.of(new SlotStats(0, 0, 0.1, 0.04), new SlotStats(1, 0, 0.2, 0.06)))));
    SchedulerRun busy =
        new SchedulerRun(
            "drf",
            List.of(
                trace(
                    "a",
                    2,
                    2,
                    List.of(new SlotStats(0, 0, 0.9, 0.9), new SlotStats(1, 0, 0.9, 0.9)))));
    String note =
        UtilisationFigure.lowUtilisationNote(
            new Comparison("w", 1, List.of("a"), List.of(busy, idle)));
    assertThat(note)
        .contains(
            "fastest scheduler (optimus) uses only 5.0 % of the GPUs",
            "at most 20.0 % of the CPUs and 6.0 % of the GPUs");
    SchedulerRun peaky =
        new SchedulerRun(
            "optimus",
            List.of(
                trace(
                    "a",
                    1,
                    2,
                    List.of(new SlotStats(0, 0, 0.95, 0.01), new SlotStats(1, 0, 0, 0)))));
    assertThat(
            UtilisationFigure.lowUtilisationNote(
                new Comparison("w", 1, List.of("a"), List.of(busy, peaky))))
        .isEmpty();
    SchedulerRun slow =
        new SchedulerRun(
            "optimus", List.of(trace("a", 3, 2, List.of(new SlotStats(0, 0, 0.1, 0.04)))));
    assertThat(
            UtilisationFigure.lowUtilisationNote(
                new Comparison("w", 1, List.of("a"), List.of(busy, slow))))
        .isEmpty();
  }

  @Test
  void utilisationNeedsPerSlotStatsOfEveryTrace() {
    Comparison withStats =
        new Comparison(
            "w",
            1,
            List.of("a"),
            List.of(
                new SchedulerRun(
                    "s", List.of(trace("a", 1, 1, List.of(new SlotStats(0, 0, 0, 0)))))));
    Comparison readBack =
        new Comparison(
            "w",
            1,
            List.of("a"),
            List.of(new SchedulerRun("s", List.of(trace("a", 1, 1, List.of())))));
    assertThat(UtilisationFigure.available(withStats)).isTrue();
    assertThat(UtilisationFigure.available(readBack)).isFalse();
  }

  /**
   * drf 4, other 2: the JCT table's ratio column reads 1.000 and 0.500; the bounds 1 and 1.5 are
   * 0.250 and 0.375 × drf.
   */
  @Test
  void theJctTableGivesRatiosToDrfAndTheBounds() {
    Comparison comparison =
        new Comparison(
            "w",
            1,
            List.of("a"),
            List.of(
                new SchedulerRun("drf", List.of(trace("a", 4, 10, List.of(), 4))),
                new SchedulerRun("other", List.of(trace("a", 2, 10, List.of(), 2)))));
    LowerBounds bounds =
        new LowerBounds(List.of(1.0), List.of(new dl2.bounds.CapacityBound.Totals(2, 2, 3, 1, 0)));
    String table = ComparisonReport.jctTable(new ComparisonStats(comparison), bounds);
    assertThat(table)
        .contains("<tr><td>drf</td><td>4.000</td><td>-</td><td>1.000</td>")
        .contains("<tr><td>other</td><td>2.000</td><td>-</td><td>0.500</td>")
        .contains("<tr><td>no-contention lower bound</td><td>1.000</td><td></td><td>0.250</td>")
        .contains("<tr><td>capacity lower bound</td><td>1.500</td><td></td><td>0.375</td>");
    // Headroom above 1.5: other (the best heuristic, 2) is 25 % above it.
    assertThat(HeadroomParagraph.html(comparison, bounds))
        .contains("the best heuristic, other, is 25.00 % above the capacity bound");
  }
}
