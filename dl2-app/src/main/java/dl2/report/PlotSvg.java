package dl2.report;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Draws a {@link Plot} with the report's charts, so that experiment figures look like compare's.
 */
public final class PlotSvg {
  private PlotSvg() {}

  /** The plot as a report figure ({@code figures/NAME.svg}). */
  public static Figure figure(Plot plot) {
    String svg =
        plot.isBarChart()
            ? new GroupedBarChart(plot.title(), plot.yLabel(), plot.categories(), plot.series())
                .render(plot.name())
            : lines(plot);
    return new Figure(plot.name(), plot.title(), svg);
  }

  private static String lines(Plot plot) {
    LineChart chart = new LineChart(plot.title(), plot.xLabel(), plot.yLabel());
    for (Plot.Series s : plot.series()) {
      // Missing points (NaN) are left out; the line joins the points on either side.
      int[] kept =
          IntStream.range(0, s.x().length)
              .filter(i -> Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i]))
              .toArray();
      boolean intervals = s.low().length > 0;
      chart.add(
          s.name(),
          pick(s.x(), kept),
          pick(s.y(), kept),
          intervals ? pick(s.low(), kept) : new double[0],
          intervals ? pick(s.high(), kept) : new double[0]);
    }
    return chart.render(plot.name());
  }

  private static double[] pick(double[] values, int[] indices) {
    return Arrays.stream(indices).mapToDouble(i -> values[i]).toArray();
  }
}
