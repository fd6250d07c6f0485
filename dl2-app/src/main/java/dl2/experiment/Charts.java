package dl2.experiment;

import dl2.learning.rl.RlPoint;
import dl2.report.Plot;
import java.util.List;

/** Chart data shared by the studies. */
final class Charts {
  private Charts() {}

  /** A run's validation curve: greedy mean average JCT against the RL step. */
  static Plot.Series curve(String name, TrainedPolicy run) {
    return curve(name, run.curve(), 0);
  }

  /** Validation points shifted by {@code offset} steps (a later phase of one run). */
  static Plot.Series curve(String name, List<RlPoint> points, long offset) {
    double[] x = points.stream().mapToDouble(p -> p.step() + offset).toArray();
    double[] y = points.stream().mapToDouble(RlPoint::validationJct).toArray();
    return new Plot.Series(name, x, y);
  }

  static Plot learningCurves(String name, String title, List<Plot.Series> curves) {
    return Plot.line(name, title, "RL step", "validation mean avg JCT (slots)", curves);
  }

  /** A horizontal line at {@code y} over [x0, x1], e.g. a baseline's JCT under learning curves. */
  static Plot.Series level(String name, double y, double x0, double x1) {
    return new Plot.Series(name, new double[] {x0, x1}, new double[] {y, y});
  }

  /** The relative change (b − a)/a in per cent. */
  static double percentChange(double a, double b) {
    return 100 * (b - a) / a;
  }
}
