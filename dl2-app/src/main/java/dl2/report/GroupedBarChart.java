package dl2.report;

import java.util.List;

/**
 * Bars grouped by category: one bar per series in each category, in the series' style colour with a
 * legend, each bar labelled with its value. A missing value (NaN) leaves its place empty.
 */
final class GroupedBarChart {
  private final String title;
  private final String yLabel;
  private final List<String> categories;
  private final List<Plot.Series> series;

  GroupedBarChart(String title, String yLabel, List<String> categories, List<Plot.Series> series) {
    this.title = title;
    this.yLabel = yLabel;
    this.categories = List.copyOf(categories);
    this.series = List.copyOf(series);
  }

  String render() {
    ChartFrame frame = new ChartFrame(title);
    double top = series.stream().flatMapToDouble(s -> java.util.Arrays.stream(s.y())).filter(Double::isFinite).max().orElse(1);
    Axis y = new LinearAxis(0, Math.max(top, 1e-9) * 1.1, ChartFrame.BOTTOM, ChartFrame.TOP); // Headroom for the labels.
    frame.yAxis(y, yLabel);
    frame.svg.line(ChartFrame.LEFT, ChartFrame.BOTTOM, ChartFrame.RIGHT, ChartFrame.BOTTOM, "#000000", "");
    double group = (ChartFrame.RIGHT - ChartFrame.LEFT) / Math.max(1, categories.size());
    double width = group * 0.7 / Math.max(1, series.size());
    List<SeriesStyle> styles = SchedulerStyles.forChart(series.stream().map(Plot.Series::name).toList());
    for (int c = 0; c < categories.size(); c++) {
      double left = ChartFrame.LEFT + group * c + group * 0.15;
      for (int s = 0; s < series.size(); s++) {
        double[] values = series.get(s).y();
        double value = c < values.length ? values[c] : Double.NaN;
        if (Double.isFinite(value)) {
          double x = left + width * s;
          double py = y.pixel(Math.max(0, value));
          frame.svg.rect(x, py, width * 0.9, ChartFrame.BOTTOM - py, styles.get(s).colour());
          frame.svg.text(x + width * 0.45, py - 4, TextTable.format(value), "middle", " font-size=\"10\"");
        }
      }
      double centre = ChartFrame.LEFT + group * (c + 0.5);
      double labelY = ChartFrame.BOTTOM + 14;
      frame.svg.text(centre, labelY, categories.get(c), "end",
          " transform=\"rotate(-30 " + Svg.number(centre) + " " + Svg.number(labelY) + ")\"");
    }
    if (series.size() > 1) {
      frame.swatches(series.stream().map(Plot.Series::name).toList(), styles);
    }
    return frame.svg.render();
  }
}
