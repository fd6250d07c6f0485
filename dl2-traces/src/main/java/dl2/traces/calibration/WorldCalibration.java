package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.simulation.world.WorldParameters;
import dl2.traces.TraceMapping;
import dl2.traces.data.TraceLocations;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fixes every parameter of the realistic world from the public measurements in a traces folder (as
 * {@code ../shared/traces}); docs/realistic-world.md explains each step. The same files give the
 * same parameters, bit for bit.
 */
public final class WorldCalibration {
  /** DL2 types no Gavel model maps to, and the measured type standing in for them. */
  static final Map<JobType, JobType> STAND_INS = Map.of(JobType.INCEPTION_BN, JobType.RESNET_50);

  /** The parameters and a readable account of how each was derived. */
  public record Result(WorldParameters parameters, List<String> summary) {}

  private final List<String> summary = new ArrayList<>();
  private final Map<String, Double> diagnostics = new TreeMap<>();

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
    double lambda = intraNodeCommFactor(pollux, gavel);
    double fluctuation = fluctuation(pollux);
    double[][] colocated = colocatedThroughput(gavel);
    WorldParameters parameters =
        new WorldParameters(
            throughput.pooledSd(),
            ratio.pooledSd(),
            correlation,
            lambda,
            fluctuation,
            colocated,
            sources,
            diagnostics);
    return new Result(parameters, List.copyOf(summary));
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
    diagnostics.put("throughput.groups", (double) spread.groupCount());
    diagnostics.put("throughput.degreesOfFreedom", (double) spread.degreesOfFreedom());
    diagnostics.put("throughput.gavelOnlyLogSd", gavelOnly.pooledSd());
    line(
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
    diagnostics.put("commRatio.groups", (double) spread.groupCount());
    diagnostics.put("commRatio.degreesOfFreedom", (double) spread.degreesOfFreedom());
    diagnostics.put("commRatio.superLinearSkipped", (double) superLinear);
    line(
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
    diagnostics.put("correlation.pairs", (double) pairs);
    line(
        "ρ    correlation          = %.4f  correlation of ln α and ln(β/α) deviations over %d ElasticFlow rows "
            + "(model, GPU, batch size) measured on 1 GPU and more",
        rho, pairs);
    return rho;
  }

  /**
   * λ: Pollux sync time with g GPUs on one node over the same g GPUs on g nodes, same local batch;
   * the median.
   */
  private double intraNodeCommFactor(PolluxTable pollux, GavelTable gavel) {
    Map<String, Double> sync = new HashMap<>(); // looked up only
    for (PolluxTable.Row row : pollux.rows) {
      sync.put(row.app() + "/" + row.placement() + "/" + row.localBatch(), row.syncSeconds());
    }
    List<Double> ratios = new ArrayList<>();
    for (PolluxTable.Row row : pollux.rows) {
      if (row.placement().length() == 1 && row.placement().charAt(0) >= '2') {
        Double spread =
            sync.get(
                row.app()
                    + "/"
                    + "1".repeat(row.placement().charAt(0) - '0')
                    + "/"
                    + row.localBatch());
        if (spread != null) {
          ratios.add(row.syncSeconds() / spread);
        }
      }
    }
    if (ratios.isEmpty()) {
      throw InputException.inFile(
          PolluxTable.DIRECTORY,
          "has no placement measured both on one node and spread one GPU "
              + "per node at the same local batch size, so the cost of spreading cannot be calibrated");
    }
    double median = median(ratios);
    double lambda = Math.min(1, median);
    double consolidation = gavelUnconsolidatedRatio(gavel);
    diagnostics.put("placement.pairs", (double) ratios.size());
    diagnostics.put("placement.gavelUnconsolidatedOverConsolidated", consolidation);
    line(
        "λ    intraNodeCommFactor  = %.4f  median over %d Pollux (app, g GPUs, local batch) of sync time on one node / on "
            + "g nodes; cross-check: Gavel %s unconsolidated/consolidated throughput, geometric mean over multi-GPU jobs, %.4f",
        lambda, ratios.size(), TraceMapping.GAVEL_REFERENCE_GPU, consolidation);
    return lambda;
  }

  private static double gavelUnconsolidatedRatio(GavelTable gavel) {
    Map<String, Double> consolidated = new HashMap<>(); // looked up only
    String reference = TraceMapping.GAVEL_REFERENCE_GPU;
    for (GavelTable.Isolated job : gavel.isolated) {
      if (job.gpu().equals(reference) && job.scaleFactor() > 1) {
        consolidated.put(job.jobType() + "/" + job.scaleFactor(), job.stepsPerSecond());
      }
    }
    double logSum = 0;
    int count = 0;
    for (GavelTable.Isolated job : gavel.isolated) {
      Double together = consolidated.get(job.jobType() + "/" + job.scaleFactor());
      if (job.gpu().equals(reference + "_unconsolidated") && together != null) {
        logSum += Math.log(job.stepsPerSecond() / together);
        count++;
      }
    }
    return count == 0 ? Double.NaN : Math.exp(logSum / count);
  }

  /**
   * σ_n: ln(step time) across Pollux placements that are the same GPUs per node in another node
   * order.
   */
  private double fluctuation(PolluxTable pollux) {
    Spread spread = new Spread();
    for (PolluxTable.Row row : pollux.rows) {
      char[] digits = row.placement().toCharArray();
      Arrays.sort(digits);
      spread.add(
          row.app() + "/" + new String(digits) + "/" + row.localBatch(),
          row.placement(),
          Math.log(row.stepSeconds()));
    }
    requireSpread(spread, "placements measured twice (the same GPUs per node in another order)");
    diagnostics.put("fluctuation.groups", (double) spread.groupCount());
    diagnostics.put("fluctuation.degreesOfFreedom", (double) spread.degreesOfFreedom());
    line(
        "σ_n  fluctuationLogSd     = %.4f  pooled SD of ln(step time) over %d Pollux groups of repeated placements (same "
            + "app, local batch and GPUs per node, other node order), %d degrees of freedom",
        spread.pooledSd(), spread.groupCount(), spread.degreesOfFreedom());
    return spread.pooledSd();
  }

  /**
   * s[k][k']: mean own throughput sharing a GPU with a type-k' job over alone, Gavel V100, mapped
   * to DL2 types.
   */
  private double[][] colocatedThroughput(GavelTable gavel) {
    int types = JobType.values().length;
    double[][] sums = new double[types][types];
    int[][] counts = new int[types][types];
    double total = 0;
    int used = 0;
    int clamped = 0;
    int infeasible = 0;
    for (GavelTable.Colocated pair : gavel.colocated) {
      var job = TraceMapping.typeOf(pair.jobType());
      var other = TraceMapping.typeOf(pair.other());
      if (!pair.gpu().equals(TraceMapping.GAVEL_REFERENCE_GPU)
          || job.isEmpty()
          || other.isEmpty()) {
        continue;
      }
      if (!pair.feasible()) {
        infeasible++;
        continue;
      }
      double s = pair.ownStepsPerSecond() / pair.isolatedStepsPerSecond();
      if (s > 1) {
        s = 1; // co-location never speeds a job up
        clamped++;
      }
      sums[job.get().ordinal()][other.get().ordinal()] += s;
      counts[job.get().ordinal()][other.get().ordinal()]++;
      total += s;
      used++;
    }
    if (used == 0) {
      throw InputException.inFile(
          GavelTable.FILE,
          "has no feasible co-located pair on " + TraceMapping.GAVEL_REFERENCE_GPU);
    }
    double mean = total / used;
    double[][] s = new double[types][types];
    int filled = 0;
    for (JobType job : JobType.values()) {
      for (JobType other : JobType.values()) {
        int k = STAND_INS.getOrDefault(job, job).ordinal();
        int j = STAND_INS.getOrDefault(other, other).ordinal();
        if (counts[k][j] > 0) {
          s[job.ordinal()][other.ordinal()] = sums[k][j] / counts[k][j];
        } else {
          s[job.ordinal()][other.ordinal()] = mean;
          filled++;
        }
      }
    }
    diagnostics.put("interference.pairs", (double) used);
    diagnostics.put("interference.infeasibleSkipped", (double) infeasible);
    diagnostics.put("interference.clampedToOne", (double) clamped);
    diagnostics.put("interference.meanColocatedThroughput", mean);
    diagnostics.put("interference.cellsFilledWithMean", (double) filled);
    line(
        "s    colocatedThroughput  : mean own throughput sharing a GPU / alone over %d feasible Gavel %s pairs = %.4f "
            + "(%d pairs that did not fit skipped, %d values above 1 set to 1, %d of 64 cells without a pair take the mean; "
            + "inception-bn uses resnet-50's pairs)",
        used, TraceMapping.GAVEL_REFERENCE_GPU, mean, infeasible, clamped, filled);
    return s;
  }

  private static String elasticFlowGroup(ElasticFlowTable.Curve curve) {
    return "elasticflow:" + curve.gpu() + ":" + curve.model();
  }

  private static void requireSpread(Spread spread, String what) {
    if (spread.degreesOfFreedom() < 1) {
      throw new InputException(
          "the traces folder has no " + what + ", so the world cannot be calibrated from it");
    }
  }

  private static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  private void line(String format, Object... args) {
    summary.add(String.format(Locale.ROOT, format, args));
  }
}
