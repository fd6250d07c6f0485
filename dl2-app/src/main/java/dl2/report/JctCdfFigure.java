package dl2.report;

/**
 * The empirical CDF of every job's JCT over all traces, one step line per competitive scheduler (at
 * most {@value Competitive#LINES}), on a logarithmic JCT axis: JCTs span decades and most jobs are
 * short, so a linear axis squeezes most of the distribution against its left edge.
 */
public final class JctCdfFigure {
  /**
   * Points per line: the CDF sampled at this many JCTs, evenly on the log axis (a few pixels
   * apart).
   */
  static final int POINTS = 300;

  private JctCdfFigure() {}

  public static Figure of(Comparison comparison) {
    Competitive competitive = Competitive.of(comparison, Competitive.LINES);
    double low = Double.POSITIVE_INFINITY;
    double high = 0;
    for (SchedulerRun run : competitive.shown()) {
      double[] jcts = run.sortedJcts();
      if (jcts.length > 0) {
        low = Math.min(low, jcts[0]);
        high = Math.max(high, jcts[jcts.length - 1]);
      }
    }
    LineChart chart =
        new LineChart(
                "JCT distribution (all jobs of all traces)",
                "JCT (slots, log scale)",
                "fraction of jobs")
            .yRange(0, 1)
            .logX()
            .steps();
    double[] x = logSpaced(Math.max(low, 1e-6), Math.max(high, low * 1.01));
    for (SchedulerRun run : competitive.shown()) {
      chart.add(run.scheduler(), x, fractionAtOrBelow(run.sortedJcts(), x));
    }
    return new Figure(
        "jct-cdf",
        "Empirical CDF of job completion times: the fraction of jobs with JCT ≤ x, x on a log scale;"
            + " each scheduler has its own dash pattern and markers, so overlapping lines stay visible."
            + competitive.captionNote(),
        chart.render("jct-cdf"));
  }

  /** {@value #POINTS} points from {@code low} to {@code high}, evenly spaced in log. */
  static double[] logSpaced(double low, double high) {
    double[] x = new double[POINTS];
    for (int i = 0; i < POINTS; i++) {
      x[i] = low * Math.pow(high / low, (double) i / (POINTS - 1));
    }
    x[POINTS - 1] = high;
    return x;
  }

  /** For each x, the fraction of {@code sorted} at or below it. */
  static double[] fractionAtOrBelow(double[] sorted, double[] x) {
    double[] fraction = new double[x.length];
    int below = 0;
    for (int i = 0; i < x.length; i++) {
      while (below < sorted.length && sorted[below] <= x[i]) {
        below++;
      }
      fraction[i] = sorted.length == 0 ? 0 : (double) below / sorted.length;
    }
    return fraction;
  }
}
