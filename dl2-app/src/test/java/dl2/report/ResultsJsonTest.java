package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsJsonTest {
  @TempDir Path dir;

  private static SchedulerRun run(String scheduler, double... jcts) {
    List<TraceOutcome> traces = new java.util.ArrayList<>();
    for (int i = 0; i < jcts.length; i++) {
      traces.add(
          new TraceOutcome(
              "val-" + i,
              OptionalLong.of(i),
              jcts[i],
              10 * jcts[i],
              5,
              List.of(ComparisonFiguresTest.job(1, 0, jcts[i]))));
    }
    return new SchedulerRun(scheduler, traces);
  }

  @Test
  void comparisonRoundTripsThroughResultsJson() throws IOException {
    Comparison comparison =
        new Comparison(
            "paper-testbed",
            7,
            List.of("val-0", "val-1"),
            List.of(run("drf", 2.0, 0.1 + 0.2), run("optimus", 1.0, 1.0 / 3)));
    Path file = dir.resolve("results.json");
    AtomicFiles.write(
        file,
        ResultsJson.toJson(ResultsJson.comparison(comparison)).getBytes(StandardCharsets.UTF_8));
    Comparison read = ResultsJsonReader.readComparison(file);
    assertThat(read.workload()).isEqualTo("paper-testbed");
    assertThat(read.baseSeed()).isEqualTo(7);
    assertThat(read.runs()).extracting(SchedulerRun::scheduler).containsExactly("drf", "optimus");
    assertThat(read.run("drf").orElseThrow().traces().get(1).avgJctSlots()).isEqualTo(0.1 + 0.2);
    assertThat(read.run("optimus").orElseThrow().meanAvgJct())
        .isEqualTo(comparison.run("optimus").orElseThrow().meanAvgJct());
  }

  @Test
  void aLearnedSchedulerIsJustAnotherRun() {
    Comparison comparison = new Comparison("w", 1, List.of("val-0"), List.of(run("drf", 4.0)));
    Comparison withDl2 = comparison.with(run("dl2", 3.0));
    assertThat(withDl2.runs()).extracting(SchedulerRun::scheduler).containsExactly("drf", "dl2");
    assertThat(withDl2.jctRatioToReference("dl2")).contains(0.75);
    assertThat(withDl2.with(run("drf", 6.0)).runs())
        .extracting(SchedulerRun::scheduler)
        .containsExactly("drf", "dl2");
  }

  @Test
  void runsMustCoverTheSameTraces() {
    assertThatThrownBy(
            () -> new Comparison("w", 1, List.of("val-0", "val-1"), List.of(run("drf", 1.0))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void malformedResultsFileIsAnInputError() throws IOException {
    Path file = dir.resolve("results.json");
    Files.writeString(file, "{\"workload\": \"w\"}");
    assertThatThrownBy(() -> ResultsJsonReader.readComparison(file))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("is not a dl2 results file");
  }

  @Test
  void tableAlignsNumbersRight() {
    String table = new TextTable("name", "value").row("a", 1.5).row("longer", 10.25).render();
    assertThat(table.lines())
        .containsExactly("name     value", "--------------", "a        1.500", "longer  10.250");
  }
}
