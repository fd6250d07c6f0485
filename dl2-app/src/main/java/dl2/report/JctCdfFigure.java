package dl2.report;

/**
 * The empirical CDF of every job's JCT over all traces, one step line per scheduler, on a
 * logarithmic JCT axis: JCTs span decades and most jobs are short, so a linear axis squeezes
 * most of the distribution against its left edge.
 */
public final class JctCdfFigure {
  private JctCdfFigure() {}

  public static Figure of(Comparison comparison) {
    LineChart chart = new LineChart("JCT distribution (all jobs of all traces)", "JCT (slots, log scale)", "fraction of jobs")
        .yRange(0, 1).logX();
    for (SchedulerRun run : comparison.runs()) {
      double[] jcts = run.sortedJcts();
      chart.add(run.scheduler(), stepX(jcts), stepY(jcts.length));
    }
    return new Figure("jct-cdf", "Empirical CDF of job completion times: the fraction of jobs with JCT ≤ x, x on a log scale;"
        + " each scheduler has its own dash pattern and markers, so overlapping lines stay visible.", chart.render());
  }

  /** Each sorted JCT twice: the CDF steps up at it. */
  private static double[] stepX(double[] sorted) {
    double[] x = new double[2 * sorted.length];
    for (int i = 0; i < sorted.length; i++) {
      x[2 * i] = sorted[i];
      x[2 * i + 1] = sorted[i];
    }
    return x;
  }

  /** i/n just before the i-th JCT, (i + 1)/n at it. */
  private static double[] stepY(int n) {
    double[] y = new double[2 * n];
    for (int i = 0; i < n; i++) {
      y[2 * i] = (double) i / n;
      y[2 * i + 1] = (double) (i + 1) / n;
    }
    return y;
  }
}
