package dl2.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A linear axis over "nice" tick values (1, 2 or 5 × 10^k apart, about five ticks) that cover the
 * data range, mapped onto a pixel interval (which may run backwards, as y does in SVG).
 */
final class LinearAxis implements Axis {
  private final double low;
  private final double high;
  private final double step;
  private final double pixelFrom;
  private final double pixelTo;

  LinearAxis(double dataMin, double dataMax, double pixelFrom, double pixelTo) {
    double min = Double.isFinite(dataMin) ? dataMin : 0;
    double max = Double.isFinite(dataMax) ? dataMax : 1;
    if (max <= min) {
      double pad = min == 0 ? 1 : Math.abs(min) * 0.1;
      min -= pad;
      max += pad;
    }
    this.step = niceStep((max - min) / 5);
    this.low = Math.floor(min / step) * step;
    this.high = Math.ceil(max / step) * step;
    this.pixelFrom = pixelFrom;
    this.pixelTo = pixelTo;
  }

  static double niceStep(double raw) {
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double normalised = raw / magnitude;
    double nice = normalised < 1.5 ? 1 : normalised < 3 ? 2 : normalised < 7 ? 5 : 10;
    return nice * magnitude;
  }

  @Override
  public double pixel(double value) {
    return pixelFrom + (value - low) / (high - low) * (pixelTo - pixelFrom);
  }

  @Override
  public List<Double> ticks() {
    List<Double> ticks = new ArrayList<>();
    long count = Math.round((high - low) / step);
    for (long i = 0; i <= count; i++) {
      ticks.add(low + i * step);
    }
    return ticks;
  }

  @Override
  public String label(double tick) {
    int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
    return String.format(Locale.ROOT, "%." + decimals + "f", tick);
  }
}
