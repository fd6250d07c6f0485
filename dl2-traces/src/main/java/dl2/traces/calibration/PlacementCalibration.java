package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.traces.TraceMapping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The realistic world's placement parameters from the public measurements: λ, the intra-node
 * communication factor (Pollux and Gavel), the throughput fluctuation (Pollux), and the co-located
 * throughput of each pair of models (Gavel), each with its line in the calibration's account.
 */
final class PlacementCalibration {
  /** DL2 types no Gavel model maps to, and the measured type standing in for them. */
  static final Map<JobType, JobType> STAND_INS = Map.of(JobType.INCEPTION_BN, JobType.RESNET_50);

  private final CalibrationAccount account;

  PlacementCalibration(CalibrationAccount account) {
    this.account = account;
  }

  /**
   * λ: Pollux sync time with g GPUs on one node over the same g GPUs on g nodes, same local batch;
   * the median.
   */
  double intraNodeCommFactor(PolluxTable pollux, GavelTable gavel) {
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
    double median = WorldCalibration.median(ratios);
    double lambda = Math.min(1, median);
    double consolidation = gavelUnconsolidatedRatio(gavel);
    account.diagnostics.put("placement.pairs", (double) ratios.size());
    account.diagnostics.put("placement.gavelUnconsolidatedOverConsolidated", consolidation);
    account.line(
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
  double fluctuation(PolluxTable pollux) {
    Spread spread = new Spread();
    for (PolluxTable.Row row : pollux.rows) {
      char[] digits = row.placement().toCharArray();
      Arrays.sort(digits);
      spread.add(
          row.app() + "/" + new String(digits) + "/" + row.localBatch(),
          row.placement(),
          Math.log(row.stepSeconds()));
    }
    WorldCalibration.requireSpread(
        spread, "placements measured twice (the same GPUs per node in another order)");
    account.diagnostics.put("fluctuation.groups", (double) spread.groupCount());
    account.diagnostics.put("fluctuation.degreesOfFreedom", (double) spread.degreesOfFreedom());
    account.line(
        "σ_n  fluctuationLogSd     = %.4f  pooled SD of ln(step time) over %d Pollux groups of repeated placements (same "
            + "app, local batch and GPUs per node, other node order), %d degrees of freedom",
        spread.pooledSd(), spread.groupCount(), spread.degreesOfFreedom());
    return spread.pooledSd();
  }

  /**
   * s[k][k']: mean own throughput sharing a GPU with a type-k' job over alone, Gavel V100, mapped
   * to DL2 types.
   */
  double[][] colocatedThroughput(GavelTable gavel) {
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
    account.diagnostics.put("interference.pairs", (double) used);
    account.diagnostics.put("interference.infeasibleSkipped", (double) infeasible);
    account.diagnostics.put("interference.clampedToOne", (double) clamped);
    account.diagnostics.put("interference.meanColocatedThroughput", mean);
    account.diagnostics.put("interference.cellsFilledWithMean", (double) filled);
    account.line(
        "s    colocatedThroughput  : mean own throughput sharing a GPU / alone over %d feasible Gavel %s pairs = %.4f "
            + "(%d pairs that did not fit skipped, %d values above 1 set to 1, %d of 64 cells without a pair take the mean; "
            + "inception-bn uses resnet-50's pairs)",
        used, TraceMapping.GAVEL_REFERENCE_GPU, mean, infeasible, clamped, filled);
    return s;
  }
}
