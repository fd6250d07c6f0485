package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reference rows (the oracles, when lengths are estimated or unknown) are never the best heuristic,
 * so the headroom and the ratios are taken to the best heuristic with the same information; they
 * survive a round trip through results.json, and a comparison without them is as before.
 */
class ReferenceRowsTest {
  @TempDir Path dir;

  private static SchedulerRun run(String scheduler, double... jcts) {
    List<TraceOutcome> traces = new java.util.ArrayList<>();
    for (int i = 0; i < jcts.length; i++) {
      traces.add(
          new TraceOutcome(
              "test-" + i,
              OptionalLong.of(i),
              jcts[i],
              10 * jcts[i],
              5,
              List.of(ComparisonFiguresTest.job(1, 0, jcts[i]))));
    }
    return new SchedulerRun(scheduler, traces);
  }

  private static final List<SchedulerRun> RUNS =
      List.of(
          run("drf", 20, 20),
          run("optimus-remaining", 16, 16),
          run("optimus-remaining-posterior", 15, 15),
          run("optimus-remaining-oracle", 14, 14),
          run("dl2", 14.5, 14.5));

  /**
   * Mean avg JCTs 20, 16, 15, 14 (oracle), 14.5 (dl2); bound 13. Without references the oracle is
   * the best heuristic (headroom 1/14 = 7.1 %, dl2 behind it); with it a reference, the posterior
   * is: headroom (15 − 13)/15 = 13.3 %, of which dl2 closes (15 − 14.5)/(15 − 13) = 25 %.
   */
  @Test
  void theOracleIsAReferenceNotTheBestHeuristic() {
    Comparison before = new Comparison("w", 1, List.of("test-0", "test-1"), RUNS, "test");
    assertThat(before.bestHeuristic()).contains("optimus-remaining-oracle");
    Comparison matched =
        new Comparison(
            "w", 1, List.of("test-0", "test-1"), RUNS, "test", List.of("optimus-remaining-oracle"));
    assertThat(matched.bestHeuristic()).contains("optimus-remaining-posterior");
    Headroom headroom = Headroom.of(matched, 13).orElseThrow();
    assertThat(headroom.fraction())
        .isCloseTo(2 / 15.0, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(headroom.learnedJct()).isEqualTo(OptionalDouble.of(14.5));
    assertThat(headroom.learnedShare().getAsDouble())
        .isCloseTo(0.25, org.assertj.core.api.Assertions.within(1e-12));
  }

  @Test
  void referencesRoundTripThroughResultsJsonAndAreOmittedWhenNone() throws IOException {
    Comparison matched =
        new Comparison(
            "w", 1, List.of("test-0", "test-1"), RUNS, "test", List.of("optimus-remaining-oracle"));
    String json = ResultsJson.toJson(ResultsJson.comparison(matched));
    assertThat(json).contains("\"references\"");
    Path file = dir.resolve("results.json");
    AtomicFiles.write(file, json.getBytes(StandardCharsets.UTF_8));
    Comparison read = ResultsJsonReader.readComparison(file);
    assertThat(read.references()).containsExactly("optimus-remaining-oracle");
    assertThat(read.bestHeuristic()).contains("optimus-remaining-posterior");
    Comparison plain = new Comparison("w", 1, List.of("test-0", "test-1"), RUNS, "test");
    assertThat(ResultsJson.toJson(ResultsJson.comparison(plain))).doesNotContain("references");
  }
}
