package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One style per scheduler in every chart; fallbacks fixed by the name and distinct within a chart. */
class SchedulerStylesTest {
  @Test
  void seriesNamedAfterASchedulerTakeItsStyle() {
    assertThat(SchedulerStyles.of("dl2 (greedy)")).isEqualTo(SchedulerStyles.of("dl2"));
    assertThat(SchedulerStyles.of("optimus-fitted / drf")).isEqualTo(SchedulerStyles.of("optimus-fitted"))
        .isNotEqualTo(SchedulerStyles.of("optimus"));
    assertThat(SchedulerStyles.of("optimus (same traces)")).isEqualTo(SchedulerStyles.of("optimus"));
    assertThat(SchedulerStyles.of("dl2").colour()).isNotEqualTo(SchedulerStyles.of("optimus").colour());
  }

  @Test
  void everyKnownSchedulerHasItsOwnColourAndMarker() {
    List<String> known = List.of("dl2", "optimus", "optimus-fitted", "optimus-remaining", "drf", "fifo", "srtf", "tetris", "tiresias");
    assertThat(known.stream().map(n -> SchedulerStyles.of(n).colour()).distinct()).hasSize(known.size());
    assertThat(known.stream().map(n -> SchedulerStyles.of(n).marker()).distinct()).hasSize(known.size());
  }

  @Test
  void unknownNamesGetTheSameFallbackEverywhereButNotTheSameAsAnotherSeriesOfTheirChart() {
    assertThat(SchedulerStyles.of("replay 256")).isEqualTo(SchedulerStyles.of("replay 256"));
    String first = "variant-0";
    String twin = null;
    for (int i = 1; twin == null; i++) {
      if (SchedulerStyles.of("variant-" + i).equals(SchedulerStyles.of(first))) {
        twin = "variant-" + i;
      }
    }
    List<SeriesStyle> styles = SchedulerStyles.forChart(List.of(first, twin, "dl2"));
    assertThat(styles.get(0)).isEqualTo(SchedulerStyles.of(first));
    assertThat(styles.get(1).colour()).isNotEqualTo(styles.get(0).colour());
    assertThat(styles.get(2)).isEqualTo(SchedulerStyles.of("dl2"));
  }

  @Test
  void theSameSchedulerHasTheSameColourInALineAndABarChart() {
    String line = new LineChart("t", "x", "y").add("tetris", new double[] {0, 1}, new double[] {0, 1}).render();
    String bars = new BarChart("t", "y").add("tetris", 1, 0).render();
    String colour = SchedulerStyles.of("tetris").colour();
    assertThat(line).contains("stroke=\"" + colour + "\"");
    assertThat(bars).contains("fill=\"" + colour + "\"");
  }

  /** 0.05 … 300 → 0.05 … 500: four decades, so ticks only at powers of ten; 1.4 … 104 → 1 … 200, ticked at 1, 2, 5. */
  @Test
  void aLogAxisEndsAtOneTwoOrFiveTimesAPowerOfTen() {
    LogAxis wide = new LogAxis(0.05, 300, 0, 400);
    assertThat(wide.ticks()).containsExactly(0.1, 1.0, 10.0, 100.0);
    assertThat(wide.pixel(0.05)).isZero();
    assertThat(wide.pixel(500)).isCloseTo(400, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(wide.pixel(0)).as("zero sits at the low end").isZero();
    LogAxis narrow = new LogAxis(1.4, 104, 0, 200);
    assertThat(narrow.ticks()).containsExactly(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0);
    assertThat(narrow.pixel(10)).isCloseTo(200 / (2 + Math.log10(2)), org.assertj.core.api.Assertions.within(1e-9));
    assertThat(LogAxis.roundDown(0.3)).isEqualTo(0.2);
    assertThat(LogAxis.roundUp(5)).isEqualTo(5);
    assertThat(narrow.label(0.2)).isEqualTo("0.2");
    assertThat(narrow.label(20)).isEqualTo("20");
  }
}
