package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One style per scheduler in every chart; fallbacks fixed by the name and distinct within a chart.
 */
class SchedulerStylesTest {
  @Test
  void seriesNamedAfterASchedulerTakeItsStyle() {
    assertThat(SchedulerStyles.of("dl2 (greedy)")).isEqualTo(SchedulerStyles.of("dl2"));
    assertThat(SchedulerStyles.of("optimus-fitted / drf"))
        .isEqualTo(SchedulerStyles.of("optimus-fitted"))
        .isNotEqualTo(SchedulerStyles.of("optimus"));
    assertThat(SchedulerStyles.of("optimus (same traces)"))
        .isEqualTo(SchedulerStyles.of("optimus"));
    assertThat(SchedulerStyles.of("dl2").colour())
        .isNotEqualTo(SchedulerStyles.of("optimus").colour());
  }

  @Test
  void everyKnownSchedulerHasItsOwnColourAndMarker() {
    List<String> known =
        List.of(
            "dl2",
            "optimus",
            "optimus-fitted",
            "optimus-remaining",
            "drf",
            "fifo",
            "srtf",
            "tetris",
            "tiresias");
    assertThat(known.stream().map(n -> SchedulerStyles.of(n).colour()).distinct())
        .hasSize(known.size());
    assertThat(known.stream().map(n -> SchedulerStyles.of(n).marker()).distinct())
        .hasSize(known.size());
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
  void theSameSchedulerHasTheSameColourInALineChartAndARowChart() {
    String line =
        new LineChart("t", "x", "y")
            .add("tetris", new double[] {0, 1}, new double[] {0, 1})
            .render("line");
    String rows = new IntervalChart("t", "x").row("tetris", 1, 0.5, 1.5, "1").render("rows");
    java.awt.Color colour = SchedulerStyles.of("tetris").paint();
    String rgb = "rgb(" + colour.getRed() + "," + colour.getGreen() + "," + colour.getBlue() + ")";
    assertThat(line).contains(rgb);
    assertThat(rows).contains(rgb);
  }

  @Test
  void dashesAndMarkersBecomeStrokesAndShapes() {
    assertThat(SchedulerStyles.of("optimus-fitted").stroke(2f).getDashArray())
        .containsExactly(7f, 3f);
    assertThat(SchedulerStyles.of("dl2").stroke(2f).getDashArray()).isNull();
    assertThat(Marker.OPEN_CIRCLE.filled()).isFalse();
    assertThat(Marker.CIRCLE.shape().getBounds2D().getWidth()).isEqualTo(9);
    assertThat(Marker.NONE.shape()).isNull();
  }
}
