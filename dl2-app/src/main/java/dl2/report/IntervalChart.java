package dl2.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XIntervalSeries;
import org.jfree.data.xy.XIntervalSeriesCollection;

/**
 * One row per scheduler: a point in its colour and marker with its interval as a whisker, the name
 * on the left and the numbers on the right (a forest plot), and dashed vertical reference lines (1
 * for a ratio, the lower bounds for JCTs). The value axis is logarithmic when the values span a
 * factor of {@value #LOG_SPAN} or more, else linear, and always reaches every reference line.
 */
final class IntervalChart {
  /** Values spanning this factor or more are shown on a log axis. */
  static final double LOG_SPAN = 4;

  private static final int ROW = 26;

  private record Row(String name, double value, double low, double high, String label) {}

  private record Line(String name, double value) {}

  private final String title;
  private final String axisLabel;
  private final List<Row> rows = new ArrayList<>();
  private final List<Line> lines = new ArrayList<>();

  IntervalChart(String title, String axisLabel) {
    this.title = title;
    this.axisLabel = axisLabel;
  }

  /** A row; NaN bounds draw the point alone; {@code label} is written at the right. */
  IntervalChart row(String name, double value, double low, double high, String label) {
    rows.add(new Row(name, value, low, high, label));
    return this;
  }

  /** A dashed vertical line at {@code value}, labelled {@code name} (empty for none). */
  IntervalChart line(String name, double value) {
    lines.add(new Line(name, value));
    return this;
  }

  /** True when the values span {@value #LOG_SPAN}× or more, so that the axis is logarithmic. */
  boolean logScale() {
    double[] span = span();
    return span[0] > 0 && span[1] / span[0] >= LOG_SPAN;
  }

  String render(String figureName) {
    XIntervalSeriesCollection data = new XIntervalSeriesCollection();
    XYErrorRenderer renderer = new XYErrorRenderer();
    renderer.setDrawYError(false);
    renderer.setDefaultLinesVisible(false);
    renderer.setErrorStroke(new BasicStroke(2f));
    renderer.setCapLength(9);
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      XIntervalSeries series = new XIntervalSeries(row.name());
      boolean interval = Double.isFinite(row.low()) && Double.isFinite(row.high());
      series.add(
          row.value(), interval ? row.low() : row.value(), interval ? row.high() : row.value(), i);
      data.addSeries(series);
      SeriesStyle style = SchedulerStyles.of(row.name());
      Marker marker = style.marker() == Marker.NONE ? Marker.CIRCLE : style.marker();
      renderer.setSeriesPaint(i, style.paint());
      renderer.setSeriesShape(i, marker.shape());
      renderer.setSeriesShapesFilled(i, marker.filled());
    }
    // Labelled lines get an empty band above and below the rows for their labels.
    double margin = lines.stream().anyMatch(l -> !l.name().isEmpty()) ? 1.3 : 0.6;
    XYPlot plot =
        new XYPlot(
            data, valueAxis(), rowAxis(rows.stream().map(Row::name).toList(), margin), renderer);
    plot.setRangeAxis(1, rowAxis(rows.stream().map(Row::label).toList(), margin));
    plot.setRangeAxisLocation(1, AxisLocation.BOTTOM_OR_RIGHT);
    plot.setRangeGridlinesVisible(false);
    for (int i = 0; i < lines.size(); i++) {
      plot.addDomainMarker(marker(lines.get(i), i % 2 == 0));
    }
    JFreeChart chart = ChartLook.chart(title, plot, false);
    return ChartSvg.render(
        chart,
        figureName,
        title,
        ChartLook.WIDTH,
        (int) Math.round(90 + ROW * (Math.max(2, rows.size()) + 2 * margin)));
  }

  private ValueAxis valueAxis() {
    double[] span = span();
    if (logScale()) {
      LogScaleAxis axis = ChartLook.axis(new LogScaleAxis(axisLabel + " (log scale)"));
      axis.setRange(span[0] / 1.15, span[1] * 1.15);
      return axis;
    }
    NumberAxis axis = ChartLook.axis(new NumberAxis(axisLabel));
    double pad = Math.max((span[1] - span[0]) * 0.08, Math.abs(span[1]) * 1e-3);
    axis.setRange(span[0] - pad, span[1] + pad);
    return axis;
  }

  /**
   * The scheduler names (or the numbers) down one side, the first row at the top, {@code margin}
   * rows of space above and below.
   */
  private static SymbolAxis rowAxis(List<String> labels, double margin) {
    SymbolAxis axis = ChartLook.axis(new SymbolAxis(null, labels.toArray(String[]::new)));
    axis.setTickLabelFont(ChartLook.TICK.deriveFont(Font.PLAIN, 13f));
    axis.setGridBandsVisible(false);
    axis.setTickMarksVisible(false);
    axis.setAxisLineVisible(false);
    axis.setInverted(true);
    axis.setAutoRange(false);
    axis.setRange(-margin, Math.max(1, labels.size()) - 1 + margin);
    return axis;
  }

  /**
   * A reference line; its label at the top (or the bottom, for every other line, so close lines do
   * not share a place).
   */
  private static ValueMarker marker(Line line, boolean top) {
    ValueMarker marker = new ValueMarker(line.value(), ChartLook.REFERENCE, ChartLook.DASHED);
    if (!line.name().isEmpty()) {
      marker.setLabel(line.name());
      marker.setLabelFont(ChartLook.TICK);
      marker.setLabelPaint(ChartLook.REFERENCE);
      marker.setLabelBackgroundColor(new Color(255, 255, 255, 0));
      marker.setLabelAnchor(top ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.BOTTOM_RIGHT);
      marker.setLabelTextAnchor(top ? TextAnchor.TOP_LEFT : TextAnchor.BOTTOM_LEFT);
    }
    return marker;
  }

  /** The smallest and largest of every value, interval end and reference line. */
  private double[] span() {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    List<Double> values = new ArrayList<>();
    rows.forEach(r -> values.addAll(List.of(r.value(), r.low(), r.high())));
    lines.forEach(l -> values.add(l.value()));
    for (double v : values) {
      if (Double.isFinite(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    return Double.isFinite(min) ? new double[] {min, max} : new double[] {0, 1};
  }
}
