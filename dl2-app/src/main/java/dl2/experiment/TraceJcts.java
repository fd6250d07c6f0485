package dl2.experiment;

import dl2.model.JobResult;
import dl2.report.Percentiles;
import dl2.simulation.SimulationResult;
import java.util.Arrays;
import java.util.List;

/**
 * What a load sweep keeps of one scheduler's runs: each trace's average JCT, in trace order, and
 * the 95th percentile JCT over all their jobs (nearest rank).
 */
record TraceJcts(double[] averages, double p95) {
  static TraceJcts of(List<SimulationResult> runs) {
    double[] averages = runs.stream().mapToDouble(SimulationResult::averageJct).toArray();
    double[] jcts =
        runs.stream()
            .flatMap(r -> r.jobs().stream())
            .mapToDouble(JobResult::jct)
            .sorted()
            .toArray();
    return new TraceJcts(averages, Percentiles.nearestRank(jcts, 95));
  }

  /** The mean over the traces of their average JCTs. */
  double mean() {
    return Arrays.stream(averages).sum() / averages.length;
  }
}
