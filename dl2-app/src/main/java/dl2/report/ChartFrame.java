package dl2.report;

import java.util.List;

/** The layout every chart shares: a title, a plot area with grid lines and axis labels, a legend on the right. */
final class ChartFrame {
  static final int WIDTH = 760;
  static final int HEIGHT = 420;
  static final double LEFT = 70;
  static final double RIGHT = 580;
  static final double TOP = 40;
  static final double BOTTOM = 340;
  private static final String GRID = "#dddddd";

  final Svg svg;

  ChartFrame(String title) {
    svg = new Svg(WIDTH, HEIGHT, title);
    svg.text(WIDTH / 2.0, 22, title, "middle", " font-size=\"15\" font-weight=\"bold\"");
  }

  /** Horizontal grid lines with tick labels, and the rotated axis label. */
  void yAxis(Axis y, String label) {
    for (double tick : y.ticks()) {
      double py = y.pixel(tick);
      svg.line(LEFT, py, RIGHT, py, GRID, "");
      svg.text(LEFT - 6, py + 4, y.label(tick), "end", "");
    }
    double middle = (TOP + BOTTOM) / 2;
    svg.text(18, middle, label, "middle", " transform=\"rotate(-90 18 " + Svg.number(middle) + ")\"");
    svg.line(LEFT, TOP, LEFT, BOTTOM, "#000000", "");
  }

  /** Tick marks and labels along the bottom, and the axis label under them. */
  void xAxis(Axis x, String label) {
    for (double tick : x.ticks()) {
      double px = x.pixel(tick);
      svg.line(px, BOTTOM, px, BOTTOM + 5, "#000000", "");
      svg.text(px, BOTTOM + 18, x.label(tick), "middle", "");
    }
    svg.text((LEFT + RIGHT) / 2, BOTTOM + 40, label, "middle", "");
    svg.line(LEFT, BOTTOM, RIGHT, BOTTOM, "#000000", "");
  }

  /** One legend row per name: a short line in the series' dash with its marker in the middle. */
  void legend(List<String> names, List<SeriesStyle> styles) {
    for (int i = 0; i < names.size(); i++) {
      double y = TOP + 8 + 20 * i;
      SeriesStyle style = styles.get(i);
      svg.line(RIGHT + 12, y, RIGHT + 44, y, style.colour(), style.strokeAttributes("2"));
      svg.raw(style.marker().svg(RIGHT + 28, y, style.colour()));
      svg.text(RIGHT + 50, y + 4, names.get(i), "start", "");
    }
  }

  /** One legend row per name with a filled swatch (bar charts). */
  void swatches(List<String> names, List<SeriesStyle> styles) {
    for (int i = 0; i < names.size(); i++) {
      double y = TOP + 8 + 20 * i;
      svg.rect(RIGHT + 16, y - 6, 24, 12, styles.get(i).colour());
      svg.text(RIGHT + 46, y + 4, names.get(i), "start", "");
    }
  }
}
