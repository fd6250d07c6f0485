package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Axes, the SVG writer and the charts built on them. */
class ChartTest {
  /** Range 0..12.8: raw step 2.56 → 2; ticks 0, 2, …, 14. */
  @Test
  void anAxisCoversTheDataWithNiceTicks() {
    Axis axis = new LinearAxis(0, 12.8, 0, 700);
    assertThat(axis.ticks()).containsExactly(0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0);
    assertThat(axis.pixel(7)).isCloseTo(350, within(1e-9));
    assertThat(axis.label(4)).isEqualTo("4");
  }

  /** Range 0..1: raw step 0.2 → 0.2, labels with one decimal. */
  @Test
  void fractionalTicksGetEnoughDecimals() {
    Axis axis = new LinearAxis(0, 1, 100, 0);
    assertThat(axis.ticks()).hasSize(6);
    assertThat(axis.label(axis.ticks().get(3))).isEqualTo("0.6");
    assertThat(axis.pixel(0.25)).isCloseTo(75, within(1e-9));
  }

  @Test
  void aConstantSeriesStillGetsARange() {
    Axis axis = new LinearAxis(5, 5, 0, 100);
    assertThat(axis.ticks().get(0)).isLessThan(5);
    assertThat(axis.ticks().get(axis.ticks().size() - 1)).isGreaterThan(5);
  }

  @Test
  void niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
    assertThat(LinearAxis.niceStep(0.013)).isCloseTo(0.01, within(1e-15));
    assertThat(LinearAxis.niceStep(2.56)).isEqualTo(2);
    assertThat(LinearAxis.niceStep(4)).isEqualTo(5);
    assertThat(LinearAxis.niceStep(80)).isEqualTo(100);
  }

  /** A horizontal run keeps its two ends; a step keeps its corners. */
  @Test
  void lineChartsLeaveOutPointsThatAddNothing() {
    double[] x = new double[1000];
    double[] y = new double[1000];
    for (int i = 0; i < x.length; i++) {
      x[i] = i / 999.0;
      y[i] = 0.5;
    }
    assertThat(points(new LineChart("t", "x", "y").add("s", x, y).yRange(0, 1).render())).containsExactly("70,190", "580,190");
    String step = new LineChart("t", "x", "y").add("s", new double[] {0, 0.5, 0.5, 0.75, 1}, new double[] {0, 0, 1, 1, 1}).yRange(0, 1).render();
    assertThat(points(step)).containsExactly("70,340", "325,340", "325,40", "580,40");
  }

  private static String[] points(String svg) {
    String points = svg.substring(svg.indexOf("points=\"") + 8);
    return points.substring(0, points.indexOf('"')).split(" ");
  }

  @Test
  void barChartsEscapeCategoriesAndDrawOneBarEach() {
    String svg = new BarChart("t", "y").add("a<b", 1, 0).add("c&d", 2, 0.5).reference("bound", 0.5).render();
    assertThat(svg).contains(">a&lt;b</text>", ">c&amp;d</text>", ">bound</text>").doesNotContain("a<b");
    assertThat(svg.split("<rect ", -1)).hasSize(1 + 3); // background + two bars
  }

  @Test
  void numbersAreRoundedToATenthWithoutTrailingZeros() {
    assertThat(Svg.number(12.04)).isEqualTo("12");
    assertThat(Svg.number(12.06)).isEqualTo("12.1");
    assertThat(Svg.number(-0.25)).isEqualTo("-0.3");
  }
}
