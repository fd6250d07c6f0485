package dl2.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Lines through (x, y) points, each series in its scheduler's style ({@link SchedulerStyles}):
 * colour, dash pattern and markers (on every point of a short series, at a few staggered places
 * along a long one). Optional vertical interval bars per point; an optional logarithmic x axis.
 * Points that add nothing to the drawing are left out, so long series (CDFs of thousands of jobs)
 * stay small.
 */
final class LineChart {
  private record Series(String name, double[] x, double[] y, double[] low, double[] high) {}

  /** Series with at most this many points get a marker on every point. */
  private static final int MARK_EVERY_POINT = 25;
  /** Markers along a longer series. */
  private static final int MARKERS_ALONG = 7;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private double yMin = Double.NaN;
  private double yMax = Double.NaN;
  private boolean logX;

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
    if (x.length != y.length || low.length != high.length || (low.length != 0 && low.length != x.length)) {
      throw new IllegalArgumentException(name + ": " + x.length + " x values, " + y.length + " y values, " + low.length + " intervals");
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

  String render() {
    ChartFrame frame = new ChartFrame(title);
    Axis x = logX ? new LogAxis(minPositiveX(), max(true), ChartFrame.LEFT, ChartFrame.RIGHT)
        : new LinearAxis(min(true), max(true), ChartFrame.LEFT, ChartFrame.RIGHT);
    Axis y = new LinearAxis(Double.isNaN(yMin) ? Math.min(min(false), minLow()) : yMin,
        Double.isNaN(yMax) ? Math.max(max(false), maxHigh()) : yMax, ChartFrame.BOTTOM, ChartFrame.TOP);
    frame.yAxis(y, yLabel);
    frame.xAxis(x, xLabel);
    List<SeriesStyle> styles = SchedulerStyles.forChart(series.stream().map(Series::name).toList());
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      SeriesStyle style = styles.get(i);
      List<double[]> points = points(s, x, y);
      frame.svg.polyline(join(points), style.colour(), style.dash().isEmpty() ? "" : " stroke-dasharray=\"" + style.dash() + "\"");
      for (int p = 0; p < s.low().length; p++) {
        double px = x.pixel(s.x()[p]);
        frame.svg.line(px, y.pixel(s.low()[p]), px, y.pixel(s.high()[p]), style.colour(), "");
      }
      for (double[] point : markerPlaces(points, s.x().length, i)) {
        frame.svg.raw(style.marker().svg(point[0], point[1], style.colour()));
      }
    }
    frame.legend(series.stream().map(Series::name).toList(), styles);
    return frame.svg.render();
  }

  /** Every point of a short series; otherwise a few points along it, shifted per series so markers of overlapping lines do not coincide. */
  private static List<double[]> markerPlaces(List<double[]> points, int dataPoints, int seriesIndex) {
    if (dataPoints <= MARK_EVERY_POINT) {
      return points;
    }
    List<double[]> places = new ArrayList<>();
    double shift = (seriesIndex * 0.38) % 1;
    for (int k = 0; k < MARKERS_ALONG; k++) {
      int index = (int) Math.floor((k + shift) / MARKERS_ALONG * (points.size() - 1));
      places.add(points.get(index));
    }
    return places;
  }

  /**
   * The series' pixel points, without repeats and without the middle of any run of three or more
   * on one horizontal or vertical line (CDF steps, idle stretches): the drawing is unchanged.
   */
  private static List<double[]> points(Series s, Axis x, Axis y) {
    List<double[]> kept = new ArrayList<>();
    for (int i = 0; i < s.x().length; i++) {
      double[] point = {round(x.pixel(s.x()[i])), round(y.pixel(s.y()[i]))};
      double[] last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
      if (last != null && Arrays.equals(last, point)) {
        continue;
      }
      double[] beforeLast = kept.size() < 2 ? null : kept.get(kept.size() - 2);
      if (beforeLast != null && (sameLine(beforeLast, last, point, 0) || sameLine(beforeLast, last, point, 1))) {
        kept.set(kept.size() - 1, point);
      } else {
        kept.add(point);
      }
    }
    return kept;
  }

  /** Rounded to the 0.1 px the SVG writes, so that comparisons match the drawing. */
  private static double round(double pixel) {
    return Double.parseDouble(Svg.number(pixel));
  }

  private static CharSequence join(List<double[]> points) {
    return String.join(" ", points.stream().map(p -> Svg.number(p[0]) + "," + Svg.number(p[1])).toList());
  }

  private static boolean sameLine(double[] a, double[] b, double[] c, int coordinate) {
    return a[coordinate] == b[coordinate] && b[coordinate] == c[coordinate];
  }

  private double min(boolean xs) {
    return series.stream().flatMapToDouble(s -> Arrays.stream(xs ? s.x() : s.y())).min().orElse(0);
  }

  private double max(boolean xs) {
    return series.stream().flatMapToDouble(s -> Arrays.stream(xs ? s.x() : s.y())).max().orElse(1);
  }

  private double minPositiveX() {
    return series.stream().flatMapToDouble(s -> Arrays.stream(s.x())).filter(v -> v > 0).min().orElse(1);
  }

  private double minLow() {
    return series.stream().flatMapToDouble(s -> Arrays.stream(s.low())).filter(Double::isFinite).min().orElse(Double.POSITIVE_INFINITY);
  }

  private double maxHigh() {
    return series.stream().flatMapToDouble(s -> Arrays.stream(s.high())).filter(Double::isFinite).max().orElse(Double.NEGATIVE_INFINITY);
  }
}
