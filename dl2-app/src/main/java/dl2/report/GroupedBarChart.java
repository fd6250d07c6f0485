package dl2.report;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Bars grouped by category: one bar per series in each category, in the series' style colour, with
 * a legend when there is more than one series. A missing value (NaN) leaves its place empty.
 * Category labels slant when they would not fit side by side.
 */
final class GroupedBarChart {
  /** Characters of category labels that fit side by side in the chart's width. */
  private static final int LEVEL_LABEL_CHARACTERS = 80;

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

  String render(String figureName) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Plot.Series s : series) {
      for (int c = 0; c < categories.size(); c++) {
        double value = c < s.y().length ? s.y()[c] : Double.NaN;
        data.addValue(Double.isFinite(value) ? value : null, s.name(), categories.get(c));
      }
    }
    BarRenderer renderer = new BarRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    renderer.setItemMargin(0.05);
    List<SeriesStyle> styles =
        SchedulerStyles.forChart(series.stream().map(Plot.Series::name).toList());
    for (int i = 0; i < styles.size(); i++) {
      renderer.setSeriesPaint(i, styles.get(i).paint());
    }
    CategoryAxis axis = ChartLook.axis(new CategoryAxis());
    axis.setMaximumCategoryLabelLines(2);
    if (categories.stream().mapToInt(String::length).sum() > LEVEL_LABEL_CHARACTERS) {
      axis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    }
    CategoryPlot plot =
        new CategoryPlot(data, axis, ChartLook.axis(new NumberAxis(yLabel)), renderer);
    plot.setRangeGridlinePaint(ChartLook.GRID);
    JFreeChart chart = ChartLook.chart(title, plot, series.size() > 1);
    return ChartSvg.render(chart, figureName, title, ChartLook.WIDTH, 440);
  }
}
