package dl2.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A base-10 logarithmic axis from the largest 1, 2 or 5 × 10^k at or below the smallest positive
 * value to the smallest such number at or above the largest, ticked at 1, 2 and 5 × 10^k (at 1 ×
 * 10^k only when it spans more than three decades). Values at or below zero are drawn at the low end.
 */
final class LogAxis implements Axis {
  private static final double[] MANTISSAS = {1, 2, 5};
  private static final double EPSILON = 1e-9;

  private final double low;
  private final double high;
  private final double pixelFrom;
  private final double pixelTo;

  LogAxis(double dataMin, double dataMax, double pixelFrom, double pixelTo) {
    double min = Double.isFinite(dataMin) && dataMin > 0 ? dataMin : 1;
    double max = Double.isFinite(dataMax) && dataMax > min ? dataMax : min * 10;
    this.low = roundDown(min);
    this.high = roundUp(max);
    this.pixelFrom = pixelFrom;
    this.pixelTo = pixelTo;
  }

  /** The largest 1, 2 or 5 × 10^k at or below {@code value}. */
  static double roundDown(double value) {
    double decade = Math.pow(10, Math.floor(Math.log10(value) + EPSILON));
    double best = decade;
    for (double m : MANTISSAS) {
      if (m * decade <= value * (1 + EPSILON)) {
        best = m * decade;
      }
    }
    return best;
  }

  /** The smallest 1, 2 or 5 × 10^k at or above {@code value}. */
  static double roundUp(double value) {
    double decade = Math.pow(10, Math.floor(Math.log10(value) + EPSILON));
    for (double m : MANTISSAS) {
      if (m * decade >= value * (1 - EPSILON)) {
        return m * decade;
      }
    }
    return 10 * decade;
  }

  @Override
  public double pixel(double value) {
    double position = value > 0 ? Math.max(0, Math.log10(value / low)) : 0;
    return pixelFrom + position / Math.log10(high / low) * (pixelTo - pixelFrom);
  }

  @Override
  public List<Double> ticks() {
    double[] mantissas = Math.log10(high / low) > 3 ? new double[] {1} : MANTISSAS;
    List<Double> ticks = new ArrayList<>();
    for (double e = Math.floor(Math.log10(low) + EPSILON); e <= Math.ceil(Math.log10(high) - EPSILON); e++) {
      for (double m : mantissas) {
        double tick = m * Math.pow(10, e);
        if (tick >= low * (1 - EPSILON) && tick <= high * (1 + EPSILON)) {
          ticks.add(tick);
        }
      }
    }
    return ticks;
  }

  @Override
  public String label(double tick) {
    int decimals = Math.max(0, (int) Math.ceil(-Math.log10(tick) - EPSILON));
    return String.format(Locale.ROOT, "%." + decimals + "f", tick);
  }
}
