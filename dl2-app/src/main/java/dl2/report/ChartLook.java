package dl2.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * The one look of every chart: white ground, light grey grid, dark text in the generic sans-serif
 * family, legend below.
 */
final class ChartLook {
  /** Figure width in CSS pixels: the page's text column. */
  static final int WIDTH = 760;

  static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
  static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
  static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
  static final Color TEXT = new Color(0x222222);
  static final Color GRID = new Color(0xdddddd);
  static final Color REFERENCE = new Color(0x444444);

  /** Dashed: a reference line (no difference, a lower bound). */
  static final BasicStroke DASHED =
      new BasicStroke(
          1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6, 4}, 0);

  private ChartLook() {}

  /**
   * A chart of {@code plot} with {@code title}, in the report's look; the legend, if any, below the
   * plot.
   */
  static JFreeChart chart(String title, Plot plot, boolean legend) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setOutlineVisible(false);
    plot.setInsets(new RectangleInsets(4, 4, 4, 12));
    if (plot instanceof XYPlot xy) {
      xy.setDomainGridlinePaint(GRID);
      xy.setRangeGridlinePaint(GRID);
      xy.setDomainGridlineStroke(new BasicStroke(1f));
      xy.setRangeGridlineStroke(new BasicStroke(1f));
    }
    JFreeChart chart = new JFreeChart(title, TITLE, plot, legend);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setPadding(new RectangleInsets(8, 8, 8, 8));
    chart.getTitle().setPaint(TEXT);
    if (legend) {
      LegendTitle items = chart.getLegend();
      items.setPosition(RectangleEdge.BOTTOM);
      items.setItemFont(TICK);
      items.setItemPaint(TEXT);
      items.setFrame(BlockBorder.NONE);
      items.setBackgroundPaint(Color.WHITE);
      items.setItemLabelPadding(new RectangleInsets(2, 4, 2, 12));
    }
    return chart;
  }

  /** An axis in the report's fonts and colours. */
  static <A extends Axis> A axis(A axis) {
    axis.setLabelFont(LABEL);
    axis.setLabelPaint(TEXT);
    axis.setTickLabelFont(TICK);
    axis.setTickLabelPaint(TEXT);
    axis.setAxisLinePaint(Color.GRAY);
    axis.setTickMarkPaint(Color.GRAY);
    return axis;
  }
}
