package dl2.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A forest plot: one row per scheduler with a point estimate and its interval drawn as a
 * horizontal whisker, on an x axis fitted to the data and the dashed "no difference" line. Rows
 * use the schedulers' styles; the chart's height follows the number of rows.
 */
final class ForestChart {
  private record Row(String name, double value, double low, double high) {}

  private static final double LEFT = 150;
  private static final double RIGHT = 700;
  private static final double TOP = 44;
  private static final double ROW = 28;

  private final String title;
  private final String xLabel;
  private final double noDifference;
  private final List<Row> rows = new ArrayList<>();

  ForestChart(String title, String xLabel, double noDifference) {
    this.title = title;
    this.xLabel = xLabel;
    this.noDifference = noDifference;
  }

  /** A row; NaN bounds draw the point alone. */
  ForestChart add(String name, double value, double low, double high) {
    rows.add(new Row(name, value, low, high));
    return this;
  }

  String render() {
    double bottom = TOP + ROW * Math.max(1, rows.size());
    Svg svg = new Svg(ChartFrame.WIDTH, (int) Math.round(bottom + 56), title);
    svg.text(ChartFrame.WIDTH / 2.0, 22, title, "middle", " font-size=\"15\" font-weight=\"bold\"");
    double min = noDifference;
    double max = noDifference;
    for (Row row : rows) {
      for (double v : new double[] {row.value(), row.low(), row.high()}) {
        if (Double.isFinite(v)) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      }
    }
    double pad = Math.max((max - min) * 0.05, 1e-3);
    Axis x = new LinearAxis(min - pad, max + pad, LEFT, RIGHT);
    for (double tick : x.ticks()) {
      double px = x.pixel(tick);
      svg.line(px, TOP - 10, px, bottom, "#dddddd", "");
      svg.text(px, bottom + 18, x.label(tick), "middle", "");
    }
    svg.line(LEFT, bottom, RIGHT, bottom, "#000000", "");
    svg.text((LEFT + RIGHT) / 2, bottom + 40, xLabel, "middle", "");
    double line = x.pixel(noDifference);
    svg.line(line, TOP - 10, line, bottom, "#444444", " stroke-dasharray=\"6 4\"");
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      double y = TOP + ROW * (i + 0.5);
      SeriesStyle style = SchedulerStyles.of(row.name());
      svg.text(LEFT - 10, y + 4, row.name(), "end", "");
      if (Double.isFinite(row.low()) && Double.isFinite(row.high())) {
        svg.line(x.pixel(row.low()), y, x.pixel(row.high()), y, style.colour(), " stroke-width=\"2\"");
        svg.line(x.pixel(row.low()), y - 5, x.pixel(row.low()), y + 5, style.colour(), "");
        svg.line(x.pixel(row.high()), y - 5, x.pixel(row.high()), y + 5, style.colour(), "");
      }
      svg.raw((style.marker() == Marker.NONE ? Marker.CIRCLE : style.marker()).svg(x.pixel(row.value()), y, style.colour()));
    }
    return svg.render();
  }
}
