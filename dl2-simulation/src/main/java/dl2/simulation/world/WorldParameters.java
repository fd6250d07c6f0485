package dl2.simulation.world;

import dl2.model.JobType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The realistic world's parameters, each fixed from public measurements by {@code
 * dl2.traces.calibration.WorldCalibration} (docs/realistic-world.md says which file and numbers
 * give each one).
 *
 * @param throughputLogSd σ_t: spread (standard deviation of the natural log) of a job's compute
 *     speed around its type's
 * @param commRatioLogSd σ_r: spread of the ratio of a job's communication to its compute time
 *     around its type's
 * @param correlation ρ: correlation of the two log deviations
 * @param intraNodeCommFactor λ: time of traffic between tasks on one node relative to traffic
 *     between nodes
 * @param fluctuationLogSd σ_n: spread of one slot's progress around the job's model
 * @param colocatedThroughput s[k][k']: throughput of a type-k job sharing with a type-k' job,
 *     relative to alone, in (0, 1], in {@link JobType} order
 * @param sources the measurement files the values come from
 * @param diagnostics counts and cross-checks the calibration printed, by name
 */
public record WorldParameters(
    double throughputLogSd,
    double commRatioLogSd,
    double correlation,
    double intraNodeCommFactor,
    double fluctuationLogSd,
    double[][] colocatedThroughput,
    List<Source> sources,
    Map<String, Double> diagnostics) {

  /**
   * One input file: its path under the traces folder, where it comes from, its licence and its
   * SHA-256.
   */
  public record Source(String path, String upstream, String licence, String sha256) {}

  public WorldParameters {
    check("throughputLogSd", throughputLogSd, 0, 3);
    check("commRatioLogSd", commRatioLogSd, 0, 3);
    check("correlation", correlation, -1, 1);
    check("intraNodeCommFactor", intraNodeCommFactor, 0, 1);
    check("fluctuationLogSd", fluctuationLogSd, 0, 1);
    int types = JobType.values().length;
    if (colocatedThroughput == null || colocatedThroughput.length != types) {
      throw new IllegalArgumentException(
          "colocatedThroughput needs " + types + " rows, one per job type");
    }
    double[][] copy = new double[types][];
    for (int k = 0; k < types; k++) {
      if (colocatedThroughput[k] == null || colocatedThroughput[k].length != types) {
        throw new IllegalArgumentException(
            "colocatedThroughput row " + (k + 1) + " needs " + types + " values");
      }
      copy[k] = colocatedThroughput[k].clone();
      for (double s : copy[k]) {
        check("colocatedThroughput", s, Double.MIN_VALUE, 1);
      }
    }
    colocatedThroughput = copy;
    sources = List.copyOf(sources);
    diagnostics = Map.copyOf(diagnostics);
  }

  private static void check(String field, double value, double lo, double hi) {
    if (!(value >= lo && value <= hi)) {
      throw new IllegalArgumentException(field + " must be in [" + lo + ", " + hi + "]: " + value);
    }
  }

  /** s for a {@code job} sharing a node with one task of {@code other}. */
  public double colocatedThroughput(JobType job, JobType other) {
    return colocatedThroughput[job.ordinal()][other.ordinal()];
  }

  @Override
  public double[][] colocatedThroughput() {
    double[][] copy = new double[colocatedThroughput.length][];
    for (int k = 0; k < copy.length; k++) {
      copy[k] = colocatedThroughput[k].clone();
    }
    return copy;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WorldParameters other
        && throughputLogSd == other.throughputLogSd
        && commRatioLogSd == other.commRatioLogSd
        && correlation == other.correlation
        && intraNodeCommFactor == other.intraNodeCommFactor
        && fluctuationLogSd == other.fluctuationLogSd
        && Arrays.deepEquals(colocatedThroughput, other.colocatedThroughput)
        && sources.equals(other.sources)
        && diagnostics.equals(other.diagnostics);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        throughputLogSd,
        commRatioLogSd,
        correlation,
        intraNodeCommFactor,
        fluctuationLogSd,
        Arrays.deepHashCode(colocatedThroughput),
        sources,
        diagnostics);
  }
}
