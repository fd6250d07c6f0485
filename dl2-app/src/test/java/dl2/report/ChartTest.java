package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.ui.TextAnchor;
import org.junit.jupiter.api.Test;

/**
 * The charts drawn with JFreeChart and written by Batik: axes, rows, legends and the SVG itself.
 */
class ChartTest {
  private static final Pattern ID = Pattern.compile("id=\"([^\"]+)\"");

  /**
   * 0.05 … 300 spans four decades: ticks at the powers only; 1.4 … 104 spans two: at 1, 2 and 5 of
   * each.
   */
  @Test
  void aLogAxisIsTickedAtOneTwoAndFiveOrAtThePowersOfTen() {
    assertThat(ticks(0.05, 300)).containsExactly(0.1, 1.0, 10.0, 100.0);
    assertThat(ticks(1.4, 104)).containsExactly(2.0, 5.0, 10.0, 20.0, 50.0, 100.0);
    assertThat(LogScaleAxis.label(0.2)).isEqualTo("0.2");
    assertThat(LogScaleAxis.label(20)).isEqualTo("20");
    assertThat(LogScaleAxis.label(0.005)).isEqualTo("0.005");
  }

  private static List<Double> ticks(double low, double high) {
    return LogScaleAxis.ticks(low, high, TextAnchor.TOP_CENTER).stream()
        .map(NumberTick::getValue)
        .toList();
  }

  /** Ratios 0.9 … 1.1 read on a linear axis; 0.5 … 30 (60×) on a log one. */
  @Test
  void anIntervalChartTurnsLogarithmicWhenItsValuesSpanAFactorOfFour() {
    IntervalChart close =
        new IntervalChart("t", "ratio")
            .row("a", 0.9, 0.85, 0.95, "0.900")
            .row("b", 1.1, 1.0, 1.2, "1.100")
            .line("", 1);
    IntervalChart wide =
        new IntervalChart("t", "ratio")
            .row("a", 0.5, 0.4, 0.6, "0.500")
            .row("b", 30, 25, 35, "30.000")
            .line("", 1);
    assertThat(close.logScale()).isFalse();
    assertThat(wide.logScale()).isTrue();
    assertThat(wide.render("wide")).contains("ratio (log scale)");
  }

  /** Names left, numbers right, names escaped; the same chart gives the same bytes. */
  @Test
  void anIntervalChartWritesEveryRowsNameAndNumbers() {
    IntervalChart chart =
        new IntervalChart("Rows & more", "x")
            .row("a<b", 1, 0.5, 1.5, "1.000 [0.500, 1.500]")
            .row("dl2", 2, Double.NaN, Double.NaN, "2.000")
            .line("bound", 0.25);
    String svg = chart.render("rows");
    assertThat(svg)
        .contains(
            ">a&lt;b<",
            ">1.000 [0.500, 1.500]<",
            ">dl2<",
            ">2.000<",
            ">bound<",
            "<title>Rows &amp; more</title>")
        .doesNotContain("a<b");
    assertThat(chart.render("rows")).isEqualTo(svg);
  }

  /**
   * A forest plot whose only competitive scheduler is its reference has no row, and still draws its
   * axes.
   */
  @Test
  void anIntervalChartWithoutRowsStillRenders() {
    assertThat(new IntervalChart("t", "ratio").line("", 1).render("empty"))
        .contains(">ratio<")
        .endsWith("</svg>\n");
  }

  /**
   * Two figures inlined in one page must not share an id (a clip path of one would cut the other).
   */
  @Test
  void everyIdOfAFigureCarriesItsName() {
    String svg = new IntervalChart("t", "x").row("a", 1, 0, 2, "1").render("first-figure");
    List<String> ids = ID.matcher(svg).results().map(m -> m.group(1)).toList();
    assertThat(ids).isNotEmpty().allMatch(id -> id.startsWith("first-figure-"));
    assertThat(svg)
        .startsWith("<svg ")
        .contains("xmlns=\"http://www.w3.org/2000/svg\"", "viewBox=\"0 0 760 ")
        .endsWith("</svg>\n")
        .doesNotContain("<?xml", "DOCTYPE");
  }

  /** JCTs 0.7 … 10.8 (15×) read on a log axis; 0.7 … 1.2, or any fixed range, on a linear one. */
  @Test
  void aLineChartTurnsLogarithmicWhenItsValuesSpanAFactorOfTen() {
    double[] x = {1, 2};
    assertThat(
            new LineChart("t", "x", "y")
                .add("a", x, new double[] {0.7, 0.8})
                .add("b", x, new double[] {9, 10.8})
                .logY())
        .isTrue();
    assertThat(new LineChart("t", "x", "y").add("a", x, new double[] {0.7, 1.2}).logY()).isFalse();
    assertThat(new LineChart("t", "x", "y").add("a", x, new double[] {0.01, 1}).yRange(0, 1).logY())
        .isFalse();
    assertThat(new LineChart("t", "x", "y").add("a", x, new double[] {0, 1}).logY())
        .as("zero has no logarithm")
        .isFalse();
  }

  @Test
  void aLineChartsLegendNamesEverySeries() {
    String svg =
        new LineChart("t", "x", "y")
            .add("dl2", new double[] {0, 1, 2}, new double[] {1, 2, 3})
            .add(
                "optimus",
                new double[] {0, 1, 2},
                new double[] {2, 2, 2},
                new double[] {1, 1, 1},
                new double[] {3, 3, 3})
            .render("lines");
    assertThat(svg).contains(">dl2<", ">optimus<", ">x<", ">y<");
  }

  /**
   * Three bars of two series over two categories (one value missing), and a legend for the two
   * series.
   */
  @Test
  void groupedBarsLeaveMissingValuesOut() {
    String svg =
        new GroupedBarChart(
                "t",
                "y",
                List.of("cat-a", "cat-b"),
                List.of(
                    new Plot.Series("s", new double[2], new double[] {3, 4}),
                    new Plot.Series("t", new double[2], new double[] {Double.NaN, 2.5})))
            .render("bars");
    assertThat(svg).contains(">cat-a<", ">cat-b<", ">s<", ">t<").doesNotContain("NaN");
  }

  /** JCTs 1, 2, 2, 4 at x = 1, 2, 3, 4: a quarter at 1, three quarters at 2 and 3, all at 4. */
  @Test
  void theCdfCountsJobsAtOrBelowEachPoint() {
    assertThat(JctCdfFigure.fractionAtOrBelow(new double[] {1, 2, 2, 4}, new double[] {1, 2, 3, 4}))
        .containsExactly(0.25, 0.75, 0.75, 1.0);
    double[] x = JctCdfFigure.logSpaced(2, 200);
    assertThat(x).hasSize(JctCdfFigure.POINTS);
    assertThat(x[0]).isEqualTo(2);
    assertThat(x[x.length - 1]).isEqualTo(200);
    assertThat(x[(x.length - 1) / 2]).isCloseTo(20, org.assertj.core.api.Assertions.within(0.2));
  }
}
