package dl2.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A logarithmic axis labelled at 1, 2 and 5 times each power of ten (only the powers when the range
 * spans more than {@value #DECADES_FOR_POWERS_ONLY} decades), in plain numbers: JFreeChart's own
 * LogAxis labels only the powers, as 10 with a superscript drawn as outlines rather than text.
 */
final class LogScaleAxis extends LogAxis {
  private static final long serialVersionUID = 1L;
  static final int DECADES_FOR_POWERS_ONLY = 3;

  LogScaleAxis(String label) {
    super(label);
  }

  @Override
  protected List<NumberTick> refreshTicksHorizontal(
      Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
    return ticks(
        getLowerBound(),
        getUpperBound(),
        edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER);
  }

  @Override
  protected List<NumberTick> refreshTicksVertical(
      Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
    return ticks(
        getLowerBound(),
        getUpperBound(),
        edge == RectangleEdge.RIGHT ? TextAnchor.CENTER_LEFT : TextAnchor.CENTER_RIGHT);
  }

  /**
   * Ticks at 1, 2 and 5 × 10^k from {@code low} to {@code high} (only 10^k over more than a few
   * decades).
   */
  static List<NumberTick> ticks(double low, double high, TextAnchor anchor) {
    List<NumberTick> ticks = new ArrayList<>();
    int first = (int) Math.floor(Math.log10(low));
    int last = (int) Math.ceil(Math.log10(high));
    double[] mantissas =
        last - first > DECADES_FOR_POWERS_ONLY ? new double[] {1} : new double[] {1, 2, 5};
    for (int decade = first; decade <= last; decade++) {
      for (double mantissa : mantissas) {
        double value = mantissa * Math.pow(10, decade);
        if (value >= low && value <= high) {
          ticks.add(new NumberTick(TickType.MAJOR, value, label(value), anchor, anchor, 0));
        }
      }
    }
    return ticks;
  }

  /** 0.02, 0.5, 1, 20, 5000: as many decimals as the value needs. */
  static String label(double value) {
    String text = String.format(Locale.ROOT, "%.6f", value).replaceAll("0+$", "");
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }
}
