package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.simulation.world.WorldParameters;
import dl2.traces.TraceMapping;
import dl2.traces.data.TraceLocations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fixes every parameter of the realistic world from the public measurements in a traces folder (as
 * {@code ../shared/traces}); docs/realistic-world.md explains each step. The same files give the
 * same parameters, bit for bit.
 */
public final class WorldCalibration {

  /** The parameters and a readable account of how each was derived. */
  public record Result(WorldParameters parameters, List<String> summary) {}

  private final CalibrationAccount account = new CalibrationAccount();

  private WorldCalibration() {}

  /**
   * Calibrates from the folder {@code traces}; missing or malformed files are {@link
   * InputException}s.
   */
  public static Result calibrate(Path traces) {
    if (!java.nio.file.Files.isDirectory(traces)) {
      throw InputException.inFile(
          traces.toString(),
          "is not a directory; give the public traces folder, as "
              + TraceLocations.FETCH
              + " installs it");
    }
    return new WorldCalibration().run(traces);
  }

  private Result run(Path root) {
    Path gavelFile = MeasurementFile.require(root, GavelTable.FILE);
    GavelTable gavel = GavelTable.read(gavelFile);
    ElasticFlowTable elasticFlow = ElasticFlowTable.read(root);
    PolluxTable pollux = PolluxTable.read(root);
    List<WorldParameters.Source> sources = new ArrayList<>();
    sources.add(MeasurementFile.source(root, gavelFile, "gavel"));
    elasticFlow.files.forEach(f -> sources.add(MeasurementFile.source(root, f, "ElasticFlow")));
    pollux.files.forEach(f -> sources.add(MeasurementFile.source(root, f, "adaptdl")));

    Spread throughput = throughputSpread(gavel, elasticFlow);
    Spread ratio = commRatioSpread(elasticFlow);
    double correlation = correlation(throughput, ratio);
    PlacementCalibration placement = new PlacementCalibration(account);
    double lambda = placement.intraNodeCommFactor(pollux, gavel);
    double fluctuation = placement.fluctuation(pollux);
    double[][] colocated = placement.colocatedThroughput(gavel);
    WorldParameters parameters =
        new WorldParameters(
            throughput.pooledSd(),
            ratio.pooledSd(),
            correlation,
            lambda,
            fluctuation,
            colocated,
            sources,
            account.diagnostics);
    return new Result(parameters, List.copyOf(account.summary));
  }

  /**
   * σ_t: ln(samples/s on one GPU) across batch sizes of one model, pooled over Gavel (V100) and
   * ElasticFlow.
   */
  private Spread throughputSpread(GavelTable gavel, ElasticFlowTable elasticFlow) {
    Spread spread = new Spread();
    Spread gavelOnly = new Spread();
    for (GavelTable.Isolated job : gavel.isolated) {
      if (job.gpu().equals(TraceMapping.GAVEL_REFERENCE_GPU)
          && job.scaleFactor() == 1
          && job.batchSize() > 0) {
        double value = Math.log(job.stepsPerSecond() * job.batchSize());
        spread.add("gavel:" + job.family(), Integer.toString(job.batchSize()), value);
        gavelOnly.add(job.family(), Integer.toString(job.batchSize()), value);
      }
    }
    for (ElasticFlowTable.Curve curve : elasticFlow.curves) {
      if (!Double.isNaN(curve.oneGpu())) {
        spread.add(
            elasticFlowGroup(curve),
            Integer.toString(curve.globalBatch()),
            Math.log(curve.oneGpu() * curve.globalBatch()));
      }
    }
    requireSpread(spread, "one-GPU throughputs at two or more batch sizes of one model");
    account.diagnostics.put("throughput.groups", (double) spread.groupCount());
    account.diagnostics.put("throughput.degreesOfFreedom", (double) spread.degreesOfFreedom());
    account.diagnostics.put("throughput.gavelOnlyLogSd", gavelOnly.pooledSd());
    account.line(
        "σ_t  throughputLogSd      = %.4f  pooled SD of ln(samples/s on 1 GPU) across batch sizes within %d model groups "
            + "(Gavel %s and ElasticFlow), %d degrees of freedom; Gavel alone %.4f",
        spread.pooledSd(),
        spread.groupCount(),
        TraceMapping.GAVEL_REFERENCE_GPU,
        spread.degreesOfFreedom(),
        gavelOnly.pooledSd());
    return spread;
  }

  /**
   * σ_r: ln(1/e − 1), e = scaling efficiency on n GPUs, across batch sizes of one (GPU, model, n).
   */
  private Spread commRatioSpread(ElasticFlowTable elasticFlow) {
    Spread spread = new Spread();
    int superLinear = 0;
    for (ElasticFlowTable.Curve curve : elasticFlow.curves) {
      double one = curve.oneGpu();
      for (int i = 0; i < curve.gpus().length; i++) {
        int n = curve.gpus()[i];
        double rate = curve.itersPerSecond()[i];
        if (n == 1 || Double.isNaN(one) || Double.isNaN(rate)) {
          continue;
        }
        double efficiency = rate / (n * one);
        if (efficiency >= 1) {
          superLinear++;
          continue;
        }
        spread.add(
            elasticFlowGroup(curve) + ":" + n,
            Integer.toString(curve.globalBatch()),
            Math.log(1 / efficiency - 1));
      }
    }
    requireSpread(
        spread, "scaling efficiencies at two or more batch sizes of one model and GPU count");
    account.diagnostics.put("commRatio.groups", (double) spread.groupCount());
    account.diagnostics.put("commRatio.degreesOfFreedom", (double) spread.degreesOfFreedom());
    account.diagnostics.put("commRatio.superLinearSkipped", (double) superLinear);
    account.line(
        "σ_r  commRatioLogSd       = %.4f  pooled SD of ln(1/e − 1) (communication/compute time, e = scaling efficiency) "
            + "across batch sizes within %d (GPU, model, GPU count) groups of ElasticFlow, %d degrees of freedom; %d "
            + "super-linear points skipped",
        spread.pooledSd(), spread.groupCount(), spread.degreesOfFreedom(), superLinear);
    return spread;
  }

  /**
   * ρ: correlation of −(throughput deviation) with the mean ratio deviation of the same ElasticFlow
   * row.
   */
  private double correlation(Spread throughput, Spread ratio) {
    Map<String, double[]> rows = new TreeMap<>();
    ratio
        .deviations()
        .forEach(
            (key, deviation) -> {
              String group = key.substring(0, key.indexOf('|'));
              String row =
                  group.substring(0, group.lastIndexOf(':')) + key.substring(key.indexOf('|'));
              double[] sum = rows.computeIfAbsent(row, r -> new double[2]);
              sum[0] += deviation;
              sum[1]++;
            });
    Map<String, Double> throughputDeviations = throughput.deviations();
    double xy = 0;
    double xx = 0;
    double yy = 0;
    int pairs = 0;
    for (Map.Entry<String, double[]> row : rows.entrySet()) {
      Double t = throughputDeviations.get(row.getKey());
      if (t == null) {
        continue;
      }
      double x = -t; // a faster job has a smaller compute multiplier
      double y = row.getValue()[0] / row.getValue()[1];
      xy += x * y;
      xx += x * x;
      yy += y * y;
      pairs++;
    }
    double rho = pairs >= 3 && xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
    account.diagnostics.put("correlation.pairs", (double) pairs);
    account.line(
        "ρ    correlation          = %.4f  correlation of ln α and ln(β/α) deviations over %d ElasticFlow rows "
            + "(model, GPU, batch size) measured on 1 GPU and more",
        rho, pairs);
    return rho;
  }

  private static String elasticFlowGroup(ElasticFlowTable.Curve curve) {
    return "elasticflow:" + curve.gpu() + ":" + curve.model();
  }

  static void requireSpread(Spread spread, String what) {
    if (spread.degreesOfFreedom() < 1) {
      throw new InputException(
          "the traces folder has no " + what + ", so the world cannot be calibrated from it");
    }
  }

  static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
