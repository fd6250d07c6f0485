package dl2.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A base-10 logarithmic axis from the decade at or below the smallest positive value to the
 * decade at or above the largest, ticked at 1, 2 and 5 × 10^k (at 1 × 10^k only when it spans
 * more than three decades). Values at or below zero are drawn at the axis' low end.
 */
final class LogAxis implements Axis {
  private final double lowExponent;
  private final double highExponent;
  private final double pixelFrom;
  private final double pixelTo;

  LogAxis(double dataMin, double dataMax, double pixelFrom, double pixelTo) {
    double min = Double.isFinite(dataMin) && dataMin > 0 ? dataMin : 1;
    double max = Double.isFinite(dataMax) && dataMax > min ? dataMax : min * 10;
    this.lowExponent = Math.floor(Math.log10(min) + 1e-12);
    this.highExponent = Math.max(lowExponent + 1, Math.ceil(Math.log10(max) - 1e-12));
    this.pixelFrom = pixelFrom;
    this.pixelTo = pixelTo;
  }

  @Override
  public double pixel(double value) {
    double exponent = value > 0 ? Math.max(lowExponent, Math.log10(value)) : lowExponent;
    return pixelFrom + (exponent - lowExponent) / (highExponent - lowExponent) * (pixelTo - pixelFrom);
  }

  @Override
  public List<Double> ticks() {
    double[] steps = highExponent - lowExponent > 3 ? new double[] {1} : new double[] {1, 2, 5};
    List<Double> ticks = new ArrayList<>();
    for (double e = lowExponent; e <= highExponent; e++) {
      for (double step : steps) {
        double tick = step * Math.pow(10, e);
        if (Math.log10(tick) <= highExponent + 1e-12) {
          ticks.add(tick);
        }
      }
    }
    return ticks;
  }

  @Override
  public String label(double tick) {
    int decimals = Math.max(0, (int) Math.ceil(-Math.log10(tick) - 1e-9));
    return String.format(Locale.ROOT, "%." + decimals + "f", tick);
  }
}
