package dl2.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws a {@link Plot} with XChart as a PNG, and wraps it in a one-image SVG {@link Figure} so
 * that {@link ReportBuilder} inlines it like its own figures. XChart's own SVG export draws every
 * glyph as a path (hundreds of kB per chart) and numbers its clip paths by identity hash, so its
 * bytes would differ between runs; the PNG is small and the same for the same data.
 */
public final class PlotFigures {
  private static final int WIDTH = 800;
  private static final int HEIGHT = 480;

  private PlotFigures() {}

  public static byte[] png(Plot plot) {
    System.setProperty("java.awt.headless", "true");
    Chart<?, ?> chart = plot.isBarChart() ? bars(plot) : lines(plot);
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot draw " + plot.name(), e);
    }
  }

  /** The figure: an SVG document holding the PNG as a data URI, titled with the plot's title. */
  public static Figure figure(Plot plot, byte[] png) {
    String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\"" + HEIGHT + "\" viewBox=\"0 0 "
        + WIDTH + " " + HEIGHT + "\" role=\"img\"><title>" + Html.escape(plot.title()) + "</title><image width=\"" + WIDTH
        + "\" height=\"" + HEIGHT + "\" href=\"data:image/png;base64," + Base64.getEncoder().encodeToString(png) + "\"/></svg>\n";
    return new Figure(plot.name(), plot.title(), svg);
  }

  private static XYChart lines(Plot plot) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(plot.title())
        .xAxisTitle(plot.xLabel()).yAxisTitle(plot.yLabel()).build();
    style(chart.getStyler());
    chart.getStyler().setXAxisDecimalPattern("0.###");
    for (Plot.Series s : plot.series()) {
      chart.addSeries(s.name(), s.x(), s.y()).setMarker(SeriesMarkers.CIRCLE);
    }
    return chart;
  }

  private static CategoryChart bars(Plot plot) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(plot.title())
        .xAxisTitle(plot.xLabel()).yAxisTitle(plot.yLabel()).build();
    style(chart.getStyler());
    for (Plot.Series s : plot.series()) {
      List<Number> values = Arrays.stream(s.y()).boxed().map(v -> (Number) v).toList();
      chart.addSeries(s.name(), plot.categories(), values);
    }
    return chart;
  }

  private static void style(AxesChartStyler styler) {
    styler.setLegendPosition(Styler.LegendPosition.OutsideE);
    styler.setChartBackgroundColor(java.awt.Color.WHITE);
    styler.setYAxisDecimalPattern("0.###");
  }
}
