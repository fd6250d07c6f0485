package dl2.report;

import java.util.ArrayList;
import java.util.List;

/**
 * One bar per category from 0 in the category's scheduler colour ({@link SchedulerStyles}), with
 * an optional interval bar [low, high], and optional dashed horizontal reference lines (e.g. a
 * lower bound). Category labels are slanted so long scheduler names fit.
 */
final class BarChart {
  private record Bar(String category, double value, double low, double high, String label) {}

  private record Reference(String name, double value) {}

  private final String title;
  private final String yLabel;
  private final List<Bar> bars = new ArrayList<>();
  private final List<Reference> references = new ArrayList<>();
  /** Vertical distance between the labels of reference lines. */
  private static final double LABEL_SPACING = 13;

  BarChart(String title, String yLabel) {
    this.title = title;
    this.yLabel = yLabel;
  }

  /** A bar with its value written above it and a symmetric error bar ± {@code error} (0 for none). */
  BarChart add(String category, double value, double error) {
    return add(category, value, value - error, value + error, TextTable.format(value));
  }

  /**
   * A bar with an interval bar from {@code low} to {@code high} (NaN for none) and {@code label}
   * written above it; a newline starts a second line.
   */
  BarChart add(String category, double value, double low, double high, String label) {
    bars.add(new Bar(category, value, low, high, label));
    return this;
  }

  BarChart reference(String name, double value) {
    references.add(new Reference(name, value));
    return this;
  }

  String render() {
    ChartFrame frame = new ChartFrame(title);
    double top = bars.stream().mapToDouble(b -> Double.isFinite(b.high()) ? Math.max(b.value(), b.high()) : b.value()).max().orElse(1);
    top = Math.max(top, references.stream().mapToDouble(Reference::value).max().orElse(0));
    Axis y = new LinearAxis(0, top * 1.1, ChartFrame.BOTTOM, ChartFrame.TOP); // Headroom for the labels above the bars.
    frame.yAxis(y, yLabel);
    frame.svg.line(ChartFrame.LEFT, ChartFrame.BOTTOM, ChartFrame.RIGHT, ChartFrame.BOTTOM, "#000000", "");
    double slot = (ChartFrame.RIGHT - ChartFrame.LEFT) / Math.max(1, bars.size());
    for (int i = 0; i < bars.size(); i++) {
      drawBar(frame.svg, bars.get(i), y, ChartFrame.LEFT + slot * i, slot, SchedulerStyles.of(bars.get(i).category()).colour());
    }
    double lastLabel = Double.NEGATIVE_INFINITY;
    for (Reference reference : references.stream().sorted(java.util.Comparator.comparingDouble(Reference::value).reversed()).toList()) {
      double py = y.pixel(reference.value());
      SeriesStyle style = SchedulerStyles.of(reference.name());
      frame.svg.line(ChartFrame.LEFT, py, ChartFrame.RIGHT, py, style.colour(), style.strokeAttributes("1.5"));
      double label = Math.max(py + 4, lastLabel + LABEL_SPACING); // labels of close lines one below the other
      frame.svg.text(ChartFrame.RIGHT + 6, label, reference.name(), "start", " fill=\"" + style.colour() + "\"");
      lastLabel = label;
    }
    return frame.svg.render();
  }

  private static void drawBar(Svg svg, Bar bar, Axis y, double x, double slot, String colour) {
    double centre = x + slot / 2;
    double width = slot * 0.6;
    double py = y.pixel(bar.value());
    svg.rect(centre - width / 2, py, width, ChartFrame.BOTTOM - py, colour);
    boolean interval = Double.isFinite(bar.low()) && Double.isFinite(bar.high()) && bar.high() > bar.low();
    if (interval) {
      double high = y.pixel(bar.high());
      double low = y.pixel(Math.max(0, bar.low()));
      svg.line(centre, low, centre, high, "#000000", "");
      svg.line(centre - 6, high, centre + 6, high, "#000000", "");
      svg.line(centre - 6, low, centre + 6, low, "#000000", "");
    }
    double labelBase = interval ? Math.max(bar.value(), bar.high()) : bar.value();
    String[] lines = bar.label().split("\n");
    for (int i = 0; i < lines.length; i++) {
      double baseline = y.pixel(labelBase) - 5 - 13 * (lines.length - 1 - i);
      svg.text(centre, baseline, lines[i], "middle", " font-size=\"11\"");
    }
    double labelY = ChartFrame.BOTTOM + 14;
    svg.text(centre, labelY, bar.category(), "end",
        " transform=\"rotate(-30 " + Svg.number(centre) + " " + Svg.number(labelY) + ")\"");
  }
}
