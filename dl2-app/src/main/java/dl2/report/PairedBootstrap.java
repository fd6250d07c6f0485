package dl2.report;

import dl2.model.Rng;
import dl2.model.SeedStream;
import java.util.Arrays;

/**
 * 95 % confidence intervals over traces by the percentile bootstrap: {@value #RESAMPLES} resamples
 * of the trace indices with replacement, drawn once from a seed, so every interval of one
 * comparison uses the same resamples and the same inputs always give the same intervals. A
 * comparison of two schedulers resamples whole traces, keeping each trace's pair together (paired),
 * which removes the trace-to-trace variation both schedulers share.
 */
public final class PairedBootstrap {
  public static final int RESAMPLES = 10_000;
  public static final double LEVEL = 0.95;

  private final int traces;
  private final int[][] resamples;

  /**
   * Resamples of {@code traces} indices drawn from {@code Rng.derive(baseSeed,
   * SeedStream.BOOTSTRAP)}.
   */
  public PairedBootstrap(int traces, long baseSeed) {
    if (traces < 1) {
      throw new IllegalArgumentException("a bootstrap needs at least one trace");
    }
    this.traces = traces;
    this.resamples = new int[RESAMPLES][traces];
    Rng rng = new Rng(Rng.derive(baseSeed, SeedStream.BOOTSTRAP));
    for (int[] resample : resamples) {
      for (int i = 0; i < traces; i++) {
        resample[i] = rng.nextInt(traces);
      }
    }
  }

  /** The interval of the mean of {@code values} (one per trace); NaN bounds for a single trace. */
  public Interval mean(double[] values) {
    check(values);
    double[] means = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      double sum = 0;
      for (int i : resamples[r]) {
        sum += values[i];
      }
      means[r] = sum / traces;
    }
    return interval(means);
  }

  /**
   * {@code x} against {@code reference}, trace by trace: the ratio of their means and the mean of
   * the differences x − reference, each with its interval, and on how many traces x is lower.
   */
  public PairedComparison compare(double[] x, double[] reference) {
    check(x);
    check(reference);
    double[] ratios = new double[RESAMPLES];
    double[] differences = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      double sumX = 0;
      double sumReference = 0;
      for (int i : resamples[r]) {
        sumX += x[i];
        sumReference += reference[i];
      }
      ratios[r] = sumX / sumReference;
      differences[r] = (sumX - sumReference) / traces;
    }
    double sumX = 0;
    double sumReference = 0;
    int lower = 0;
    int higher = 0;
    for (int i = 0; i < traces; i++) {
      sumX += x[i];
      sumReference += reference[i];
      lower += x[i] < reference[i] ? 1 : 0;
      higher += x[i] > reference[i] ? 1 : 0;
    }
    return new PairedComparison(
        sumX / sumReference,
        interval(ratios),
        (sumX - sumReference) / traces,
        interval(differences),
        lower,
        higher,
        traces);
  }

  private void check(double[] values) {
    if (values.length != traces) {
      throw new IllegalArgumentException(
          "expected one value per trace (" + traces + "), got " + values.length);
    }
  }

  /** The 2.5th and 97.5th percentiles (nearest rank) of the resampled statistic. */
  private Interval interval(double[] statistics) {
    if (traces < 2) {
      return Interval.NONE;
    }
    double[] sorted = statistics.clone();
    Arrays.sort(sorted);
    double tail = (1 - LEVEL) / 2 * 100;
    return new Interval(
        Percentiles.nearestRank(sorted, tail), Percentiles.nearestRank(sorted, 100 - tail));
  }

  /** A confidence interval; NaN bounds when there is none (a single trace). */
  public record Interval(double low, double high) {
    public static final Interval NONE = new Interval(Double.NaN, Double.NaN);

    public boolean defined() {
      return !Double.isNaN(low);
    }

    public boolean contains(double value) {
      return low <= value && value <= high;
    }
  }
}
