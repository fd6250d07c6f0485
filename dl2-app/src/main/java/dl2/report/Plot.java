package dl2.report;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The data of one chart, independent of how it is drawn: a line chart of numeric series, or a bar
 * chart whose series share the category labels (x values are then category indices).
 *
 * @param name file-name stem, lower-case letters, digits and '-'
 * @param title chart title
 * @param xLabel x-axis label
 * @param yLabel y-axis label
 * @param categories bar labels for a bar chart; empty for a line chart
 * @param series the data, drawn in order
 */
public record Plot(
    String name,
    String title,
    String xLabel,
    String yLabel,
    List<String> categories,
    List<Series> series) {
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

  /**
   * One named series; {@code x} and {@code y} have equal lengths. {@code low} and {@code high} are
   * an interval around each y (e.g. a 95 % confidence interval), drawn as a vertical bar, or both
   * empty.
   */
  public record Series(String name, double[] x, double[] y, double[] low, double[] high) {
    public Series {
      if (x.length != y.length) {
        throw new IllegalArgumentException("series " + name + ": x and y lengths differ");
      }
      if (low.length != high.length || (low.length != 0 && low.length != y.length)) {
        throw new IllegalArgumentException(
            "series " + name + ": intervals need one low and one high per point");
      }
    }

    /** A series without intervals. */
    public Series(String name, double[] x, double[] y) {
      this(name, x, y, new double[0], new double[0]);
    }

    /** A bar-chart series: one value per category, in category order (x is unused). */
    public static Series ofBars(String name, List<Double> values) {
      return new Series(
          name,
          new double[values.size()],
          values.stream().mapToDouble(Double::doubleValue).toArray());
    }
  }

  public Plot {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "plot names are lower-case letters, digits and '-': " + name);
    }
    categories = List.copyOf(categories);
    series = List.copyOf(series);
  }

  public static Plot line(
      String name, String title, String xLabel, String yLabel, List<Series> series) {
    return new Plot(name, title, xLabel, yLabel, List.of(), series);
  }

  /** A bar chart: one bar per category in each series. */
  public static Plot bars(
      String name, String title, String yLabel, List<String> categories, List<Series> series) {
    return new Plot(name, title, "", yLabel, categories, series);
  }

  public boolean isBarChart() {
    return !categories.isEmpty();
  }
}
