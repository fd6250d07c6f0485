package dl2.report;

import java.awt.BasicStroke;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Lines through (x, y) points, each series in its scheduler's style ({@link SchedulerStyles}):
 * colour, dash pattern and marker (on every point of a short series, at a few staggered places
 * along a long one), with a legend below that shows all three. Optional vertical intervals per
 * point, a logarithmic x axis, steps instead of slopes, a fixed y range.
 */
final class LineChart {
  private record Series(String name, double[] x, double[] y, double[] low, double[] high) {}

  /** Series with at most this many points get a marker on every point. */
  private static final int MARK_EVERY_POINT = 25;

  /** Markers along a longer series. */
  private static final int MARKERS_ALONG = 7;

  /** Positive values spanning this factor or more get a logarithmic y axis. */
  static final double LOG_Y_SPAN = 10;

  /** Legend entries per row below the plot, for the figure's height. */
  private static final int LEGEND_PER_ROW = 3;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private double yMin = Double.NaN;
  private double yMax = Double.NaN;
  private boolean logX;
  private boolean integerX;
  private boolean steps;

  LineChart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  LineChart add(String name, double[] x, double[] y) {
    return add(name, x, y, new double[0], new double[0]);
  }

  /** A series with a vertical interval [low, high] at each point (empty arrays for none). */
  LineChart add(String name, double[] x, double[] y, double[] low, double[] high) {
    if (x.length != y.length
        || low.length != high.length
        || (low.length != 0 && low.length != x.length)) {
      throw new IllegalArgumentException(
          name
              + ": "
              + x.length
              + " x values, "
              + y.length
              + " y values, "
              + low.length
              + " intervals");
    }
    series.add(new Series(name, x.clone(), y.clone(), low.clone(), high.clone()));
    return this;
  }

  /** Fixes the y range (e.g. 0..1 for fractions) instead of fitting it to the data. */
  LineChart yRange(double min, double max) {
    yMin = min;
    yMax = max;
    return this;
  }

  /** A logarithmic x axis (for positive data spanning decades, e.g. JCTs). */
  LineChart logX() {
    logX = true;
    return this;
  }

  /** An x axis ticked at whole numbers only (slots, steps). */
  LineChart integerX() {
    integerX = true;
    return this;
  }

  /** Each line holds its value until the next point (a distribution function). */
  LineChart steps() {
    steps = true;
    return this;
  }

  String render(String figureName) {
    List<SeriesStyle> styles = SchedulerStyles.forChart(series.stream().map(Series::name).toList());
    XYPlot plot = new XYPlot(lines(), xAxis(), yAxis(), lineRenderer(styles));
    plot.setDataset(1, markers());
    XYLineAndShapeRenderer markers = new XYLineAndShapeRenderer(false, true);
    LegendItemCollection legend = new LegendItemCollection();
    for (int i = 0; i < series.size(); i++) {
      SeriesStyle style = styles.get(i);
      markers.setSeriesPaint(i, style.paint());
      markers.setSeriesShape(i, style.marker().shape());
      markers.setSeriesShapesVisible(i, style.marker() != Marker.NONE);
      markers.setSeriesShapesFilled(i, style.marker().filled());
      legend.add(legendItem(series.get(i).name(), style));
    }
    plot.setRenderer(1, markers);
    plot.setFixedLegendItems(legend);
    JFreeChart chart = ChartLook.chart(title, plot, true);
    int legendRows = (series.size() + LEGEND_PER_ROW - 1) / LEGEND_PER_ROW;
    return ChartSvg.render(chart, figureName, title, ChartLook.WIDTH, 400 + 22 * legendRows);
  }

  /**
   * The lines: each series' points, with a corner before each point when drawn as steps (one path
   * per line).
   */
  private YIntervalSeriesCollection lines() {
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    for (Series s : series) {
      YIntervalSeries line = new YIntervalSeries(s.name(), false, true);
      for (int p = 0; p < s.x().length; p++) {
        if (steps && p > 0) {
          line.add(s.x()[p], s.y()[p - 1], s.y()[p - 1], s.y()[p - 1]);
        }
        boolean interval = s.low().length > 0;
        line.add(
            s.x()[p],
            s.y()[p],
            interval ? s.low()[p] : s.y()[p],
            interval ? s.high()[p] : s.y()[p]);
      }
      data.addSeries(line);
    }
    return data;
  }

  private XYLineAndShapeRenderer lineRenderer(List<SeriesStyle> styles) {
    XYLineAndShapeRenderer renderer;
    if (series.stream().anyMatch(s -> s.low().length > 0)) {
      XYErrorRenderer errors = new XYErrorRenderer();
      errors.setDrawXError(false);
      errors.setCapLength(6);
      errors.setDefaultLinesVisible(true);
      renderer = errors;
    } else {
      renderer = new XYLineAndShapeRenderer(true, false);
    }
    renderer.setDefaultShapesVisible(false);
    renderer.setDrawSeriesLineAsPath(true);
    for (int i = 0; i < series.size(); i++) {
      renderer.setSeriesPaint(i, styles.get(i).paint());
      renderer.setSeriesStroke(i, styles.get(i).stroke(2f));
    }
    return renderer;
  }

  /**
   * Every point of a short series; otherwise a few along it, shifted per series so that the markers
   * of overlapping lines do not coincide.
   */
  private XYSeriesCollection markers() {
    XYSeriesCollection data = new XYSeriesCollection();
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      XYSeries places = new XYSeries(s.name() + " markers", false, true);
      int n = s.x().length;
      if (n <= MARK_EVERY_POINT) {
        for (int p = 0; p < n; p++) {
          places.add(s.x()[p], s.y()[p]);
        }
      } else {
        double shift = (i * 0.38) % 1;
        for (int k = 0; k < MARKERS_ALONG; k++) {
          int p = (int) Math.floor((k + shift) / MARKERS_ALONG * (n - 1));
          places.add(s.x()[p], s.y()[p]);
        }
      }
      data.addSeries(places);
    }
    return data;
  }

  private static LegendItem legendItem(String name, SeriesStyle style) {
    boolean shape = style.marker() != Marker.NONE;
    LegendItem item =
        new LegendItem(
            name,
            null,
            null,
            null,
            shape,
            shape ? style.marker().shape() : new Line2D.Float(),
            style.marker().filled(),
            style.paint(),
            !style.marker().filled(),
            style.paint(),
            new BasicStroke(1.5f),
            true,
            new Line2D.Float(-14, 0, 14, 0),
            style.stroke(2f),
            style.paint());
    item.setLabelFont(ChartLook.TICK);
    item.setLabelPaint(ChartLook.TEXT);
    return item;
  }

  private ValueAxis xAxis() {
    if (logX) {
      LogScaleAxis axis = ChartLook.axis(new LogScaleAxis(xLabel));
      axis.setSmallestValue(
          series.stream()
                  .flatMapToDouble(s -> java.util.Arrays.stream(s.x()))
                  .filter(v -> v > 0)
                  .min()
                  .orElse(1)
              / 2);
      return axis;
    }
    NumberAxis axis = ChartLook.axis(new NumberAxis(xLabel));
    axis.setAutoRangeIncludesZero(false);
    axis.setAutoRangeStickyZero(
        false); // a margin before 0 too, so that its label keeps clear of the y axis's lowest
    if (integerX) {
      axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    }
    return axis;
  }

  /**
   * True when the y values (and their intervals) are positive and span {@value #LOG_Y_SPAN}× or
   * more, and no range is fixed.
   */
  boolean logY() {
    double[] values =
        series.stream()
            .flatMapToDouble(
                s ->
                    java.util.stream.DoubleStream.concat(
                        java.util.Arrays.stream(s.y()),
                        java.util.stream.DoubleStream.concat(
                            java.util.Arrays.stream(s.low()), java.util.Arrays.stream(s.high()))))
            .filter(Double::isFinite)
            .toArray();
    double min = java.util.Arrays.stream(values).min().orElse(0);
    double max = java.util.Arrays.stream(values).max().orElse(0);
    return Double.isNaN(yMin) && min > 0 && max / min >= LOG_Y_SPAN;
  }

  private ValueAxis yAxis() {
    if (logY()) {
      return ChartLook.axis(new LogScaleAxis(yLabel + " (log scale)"));
    }
    NumberAxis axis = ChartLook.axis(new NumberAxis(yLabel));
    axis.setAutoRangeIncludesZero(false);
    if (!Double.isNaN(yMin)) {
      axis.setRange(yMin, yMax);
    }
    return axis;
  }
}
