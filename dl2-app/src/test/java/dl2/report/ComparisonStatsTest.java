package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * References, the best heuristic, percentiles, waiting and the verdict sentences on hand-made runs.
 */
class ComparisonStatsTest {
  /**
   * A run whose trace i has average JCT jcts[i]; each trace has jobs of JCT jcts[i] waiting {@code
   * wait} slots.
   */
  private static SchedulerRun run(String scheduler, int wait, double... jcts) {
    List<TraceOutcome> traces = new ArrayList<>();
    for (int i = 0; i < jcts.length; i++) {
      List<JobOutcome> jobs =
          List.of(
              new JobOutcome(1, "vgg-16", 0, wait, jcts[i], jcts[i], 1, 1, 2),
              new JobOutcome(2, "vgg-16", 1, 1 + wait, 1 + jcts[i], jcts[i], 1, 1, 2));
      traces.add(new TraceOutcome("test-" + i, OptionalLong.of(i), jcts[i], 2 * jcts[i], 3, jobs));
    }
    return new SchedulerRun(scheduler, traces);
  }

  private static Comparison comparison(SchedulerRun... runs) {
    return new Comparison("w", 9973, List.of("test-0", "test-1"), List.of(runs), Comparison.TEST);
  }

  @Test
  void theBestHeuristicIsTheLowestNonLearnedScheduler() {
    Comparison comparison =
        comparison(
            run("drf", 0, 4, 4),
            run("optimus", 0, 3, 3),
            run("tetris", 0, 2, 2.5),
            run("dl2", 0, 1, 1));
    assertThat(comparison.bestHeuristic()).contains("tetris");
    assertThat(Reference.of(comparison))
        .containsExactly(
            new Reference("drf", "drf"),
            new Reference("optimus", "optimus"),
            new Reference(Reference.BEST_HEURISTIC, "tetris"));
    assertThat(new Reference(Reference.BEST_HEURISTIC, "tetris").jsonKey())
        .isEqualTo("best_heuristic");
    assertThat(Comparison.isLearned("dl2-final")).isTrue();
    assertThat(Comparison.isLearned("optimus")).isFalse();
    ComparisonStats stats = new ComparisonStats(comparison);
    assertThat(stats.subjects()).containsExactly("dl2");
    assertThat(stats.referencesFor("dl2"))
        .extracting(Reference::scheduler)
        .containsExactly("drf", "optimus", "tetris");
  }

  @Test
  void aReferenceThatIsAlsoTheBestHeuristicIsComparedOnce() {
    ComparisonStats stats =
        new ComparisonStats(
            comparison(run("drf", 0, 4, 4), run("optimus", 0, 2, 2), run("dl2", 0, 2, 3)));
    assertThat(stats.referencesFor("dl2"))
        .extracting(Reference::role)
        .containsExactly("drf", "optimus");
    List<ComparisonText.Verdict> verdicts = ComparisonText.verdicts(stats);
    assertThat(verdicts)
        .extracting(ComparisonText.Verdict::reference)
        .containsExactly("drf", "optimus (best heuristic)");
    // dl2 (2, 3) against optimus (2, 2): ratio 5/4, the resamples give 1 (trace 0 twice), 1.25 or
    // 1.5 (trace 1 twice).
    assertThat(verdicts.get(1).lines())
        .containsExactly(
            "dl2 vs optimus (best heuristic): +25.00 % mean avg JCT, 95 % CI +0.00 % to +50.00 %",
            "  no clear difference (the interval includes 0 %); lower JCT on 0 of 2 traces, higher on 1");
    assertThat(ComparisonText.ratioTable(stats))
        .contains("vs optimus*")
        .doesNotContain("vs tetris");
  }

  /**
   * Four reference columns with long names do not fit in 100 columns: the table splits, repeating
   * the scheduler column.
   */
  @Test
  void aRatioTableTooWideForATerminalSplits() {
    ComparisonStats stats =
        new ComparisonStats(
            comparison(
                run("drf", 0, 40, 44),
                run("optimus", 0, 30, 36),
                run("optimus-fitted", 0, 35, 37),
                run("a-very-long-heuristic-name", 0, 20, 22),
                run("dl2", 0, 25, 30)));
    String table = ComparisonText.ratioTable(stats);
    assertThat(table.lines())
        .allSatisfy(
            line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(ComparisonText.COLUMNS));
    assertThat(table.lines().filter(line -> line.startsWith("scheduler "))).hasSize(2);
    assertThat(table)
        .contains("vs drf", "vs optimus", "vs optimus-fitted", "vs a-very-long-heuristic-name*");
  }

  /** Jobs of JCT (4, 4) and (8, 8) over two traces: p50 4, p95 8; waiting 1 slot each. */
  @Test
  void percentilesPoolEveryJobAndWaitingIsArrivalToFirstStart() {
    SchedulerRun run = run("drf", 1, 4, 8);
    assertThat(run.jctPercentile(50)).isEqualTo(4);
    assertThat(run.jctPercentile(95)).isEqualTo(8);
    assertThat(run.meanWaitingSlots()).isEqualTo(1);
    assertThat(run.traces().get(0).jobs().get(1).waitingSlots()).isEqualTo(1);
  }

  @Test
  void theTraceSetIsSpelledOut() {
    Comparison test = comparison(run("drf", 0, 1, 2));
    assertThat(ComparisonText.traces(test))
        .isEqualTo("2 test traces (test-0 … test-1), new to training and checkpoint selection");
    Comparison files =
        new Comparison(
            "w",
            1,
            List.of("a.csv"),
            List.of(
                new SchedulerRun(
                    "drf",
                    List.of(new TraceOutcome("a.csv", OptionalLong.empty(), 1, 1, 1, List.of())))),
            Comparison.FILES);
    assertThat(ComparisonText.traces(files)).isEqualTo("1 trace file (a.csv)");
  }
}
