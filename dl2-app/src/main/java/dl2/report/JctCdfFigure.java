package dl2.report;

/** The empirical CDF of every job's JCT over all traces, one step line per scheduler. */
public final class JctCdfFigure {
  private JctCdfFigure() {}

  public static Figure of(Comparison comparison) {
    LineChart chart = new LineChart("JCT distribution (all jobs of all traces)", "JCT (slots)", "fraction of jobs").yRange(0, 1);
    for (SchedulerRun run : comparison.runs()) {
      double[] jcts = sortedJcts(run);
      chart.add(run.scheduler(), stepX(jcts), stepY(jcts.length));
    }
    return new Figure("jct-cdf", "Empirical CDF of job completion times: the fraction of jobs with JCT ≤ x.", chart.render());
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

  private static double[] sortedJcts(SchedulerRun run) {
    return run.traces().stream().flatMap(t -> t.jobs().stream()).mapToDouble(JobOutcome::jctSlots).sorted().toArray();
  }
}
