package dl2.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Lines through (x, y) points, one colour per series in the order added. Points that add nothing
 * to the drawing are left out, so long series (CDFs of thousands of jobs) stay small.
 */
final class LineChart {
  private record Series(String name, double[] x, double[] y) {}

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private double yMin = Double.NaN;
  private double yMax = Double.NaN;

  LineChart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  LineChart add(String name, double[] x, double[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException(name + ": " + x.length + " x values but " + y.length + " y values");
    }
    series.add(new Series(name, x.clone(), y.clone()));
    return this;
  }

  /** Fixes the y range (e.g. 0..1 for fractions) instead of fitting it to the data. */
  LineChart yRange(double min, double max) {
    yMin = min;
    yMax = max;
    return this;
  }

  String render() {
    ChartFrame frame = new ChartFrame(title);
    Axis x = new Axis(min(true), max(true), ChartFrame.LEFT, ChartFrame.RIGHT);
    Axis y = new Axis(Double.isNaN(yMin) ? min(false) : yMin, Double.isNaN(yMax) ? max(false) : yMax, ChartFrame.BOTTOM, ChartFrame.TOP);
    frame.yAxis(y, yLabel);
    frame.xAxis(x, xLabel);
    for (int i = 0; i < series.size(); i++) {
      frame.svg.polyline(points(series.get(i), x, y), Svg.colour(i), "");
    }
    frame.legend(series.stream().map(Series::name).toList(), series.stream().map(s -> false).toList());
    return frame.svg.render();
  }

  /**
   * The series' pixel points, without repeats and without the middle of any run of three or more
   * on one horizontal or vertical line (CDF steps, idle stretches): the drawing is unchanged.
   */
  private static CharSequence points(Series s, Axis x, Axis y) {
    List<String[]> kept = new ArrayList<>();
    for (int i = 0; i < s.x().length; i++) {
      String[] point = {Svg.number(x.pixel(s.x()[i])), Svg.number(y.pixel(s.y()[i]))};
      String[] last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
      if (last != null && Arrays.equals(last, point)) {
        continue;
      }
      String[] beforeLast = kept.size() < 2 ? null : kept.get(kept.size() - 2);
      if (beforeLast != null && (sameLine(beforeLast, last, point, 0) || sameLine(beforeLast, last, point, 1))) {
        kept.set(kept.size() - 1, point);
      } else {
        kept.add(point);
      }
    }
    return String.join(" ", kept.stream().map(p -> p[0] + "," + p[1]).toList());
  }

  private static boolean sameLine(String[] a, String[] b, String[] c, int coordinate) {
    return a[coordinate].equals(b[coordinate]) && b[coordinate].equals(c[coordinate]);
  }

  private double min(boolean xs) {
    return series.stream().flatMapToDouble(s -> Arrays.stream(xs ? s.x() : s.y())).min().orElse(0);
  }

  private double max(boolean xs) {
    return series.stream().flatMapToDouble(s -> Arrays.stream(xs ? s.x() : s.y())).max().orElse(1);
  }
}
