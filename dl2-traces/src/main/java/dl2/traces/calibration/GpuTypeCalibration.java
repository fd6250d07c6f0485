package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import dl2.model.JobType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The GPU types' speed factors from the public measurements (Project: heterogeneous clusters,
 * docs/heterogeneous-clusters.md): per dl2 job type, a measured model's one-GPU throughput on each
 * GPU over the fastest GPU of its family, as the geometric mean over the batch sizes measured.
 * Gavel's K80/P100/V100 (isolated steps/s at scale factor 1, per batch size on all three) and
 * ElasticFlow's T4/A100 (samples/s on one GPU, the files' batch sizes differing by GPU), rounded to
 * four decimals; types that use no GPU keep 1.
 */
public final class GpuTypeCalibration {
  /** The Gavel family measured for each dl2 job type, in {@link JobType#values()} order. */
  static final String[] GAVEL = {
    "ResNet-50", "ResNet-50", "ResNet-18", "ResNet-50", "Transformer", null, null, "LM"
  };

  /** ElasticFlow's A100 file and T4 file for each dl2 job type. */
  static final String[][] ELASTIC_FLOW = {
    {"resnet50", "imagenet"},
    {"resnet50", "imagenet"},
    {"resnet50_cifar10", "cifar10"},
    {"resnet50", "imagenet"},
    {"deepspeech2", "deepspeech2"},
    null,
    null,
    {"deepspeech2", "deepspeech2"}
  };

  private static final String[] GAVEL_GPUS = {"k80", "p100", "v100"};

  /** The factors and one line per GPU type saying where they came from. */
  public record Result(List<GpuType> types, List<String> summary) {
    /** Whether every factor equals {@link GpuCatalogue}'s. */
    public boolean matchesCatalogue() {
      return types.stream()
          .allMatch(t -> GpuCatalogue.byName(t.name()).filter(t::equals).isPresent());
    }
  }

  private GpuTypeCalibration() {}

  /** The factors from the public traces folder {@code traces}. */
  public static Result calibrate(Path traces) {
    if (!Files.isDirectory(traces)) {
      throw InputException.inFile(traces.toString(), "is not a directory of the public traces");
    }
    GavelTable gavel = GavelTable.read(MeasurementFile.require(traces, GavelTable.FILE));
    ElasticFlowTable elasticFlow = ElasticFlowTable.read(traces);
    int types = JobType.values().length;
    double[][] gavelFactors = new double[GAVEL_GPUS.length][types];
    double[][] efFactors = new double[2][types];
    for (JobType type : JobType.values()) {
      int k = type.ordinal();
      double[] gavelRatios = new double[GAVEL_GPUS.length];
      double[] efRatios = {1, 1};
      if (GAVEL[k] != null) {
        for (int g = 0; g < GAVEL_GPUS.length; g++) {
          gavelRatios[g] = gavelRatio(gavel, GAVEL[k], GAVEL_GPUS[g]);
        }
        efRatios[1] =
            oneGpuSamples(elasticFlow, "T4", ELASTIC_FLOW[k][1])
                / oneGpuSamples(elasticFlow, "A100", ELASTIC_FLOW[k][0]);
      } else {
        Arrays.fill(gavelRatios, 1);
      }
      normalise(gavelRatios, gavelFactors, k);
      normalise(efRatios, efFactors, k);
    }
    List<GpuType> found = new ArrayList<>();
    List<String> summary = new ArrayList<>();
    for (int g = 0; g < GAVEL_GPUS.length; g++) {
      found.add(new GpuType(GAVEL_GPUS[g], gavelFactors[g]));
      summary.add(
          line(GAVEL_GPUS[g], gavelFactors[g], "Gavel, against the fastest of k80/p100/v100"));
    }
    found.add(new GpuType("a100", efFactors[0]));
    summary.add(line("a100", efFactors[0], "ElasticFlow, against the faster of a100/t4"));
    found.add(new GpuType("t4", efFactors[1]));
    summary.add(line("t4", efFactors[1], "ElasticFlow, against the faster of a100/t4"));
    return new Result(found, summary);
  }

  /** Each GPU's ratio over the family's fastest, rounded to four decimals. */
  private static void normalise(double[] ratios, double[][] factors, int k) {
    double fastest = 0;
    for (double ratio : ratios) {
      fastest = Math.max(fastest, ratio);
    }
    for (int g = 0; g < ratios.length; g++) {
      factors[g][k] = Math.round(ratios[g] / fastest * 10_000) / 10_000.0;
    }
  }

  /**
   * exp(mean ln(steps/s on {@code gpu} / steps/s on v100)) over {@code family}'s batch sizes at
   * scale factor 1 measured on all three GPUs.
   */
  static double gavelRatio(GavelTable table, String family, String gpu) {
    double logSum = 0;
    int count = 0;
    for (GavelTable.Isolated row : table.isolated) {
      if (!row.gpu().equals(gpu) || !row.family().equals(family) || row.scaleFactor() != 1) {
        continue;
      }
      double reference = Double.NaN;
      boolean onAll = true;
      for (String other : GAVEL_GPUS) {
        double rate = isolated(table, other, row.jobType());
        onAll &= rate > 0;
        if (other.equals("v100")) {
          reference = rate;
        }
      }
      if (onAll) {
        logSum += Math.log(row.stepsPerSecond() / reference);
        count++;
      }
    }
    if (count == 0) {
      throw new InputException(
          GavelTable.FILE + ": no " + family + " measured on k80, p100 and v100");
    }
    return Math.exp(logSum / count);
  }

  private static double isolated(GavelTable table, String gpu, String jobType) {
    for (GavelTable.Isolated row : table.isolated) {
      if (row.gpu().equals(gpu) && row.jobType().equals(jobType) && row.scaleFactor() == 1) {
        return row.stepsPerSecond();
      }
    }
    return 0;
  }

  /** exp(mean ln(batch · iterations/s on one GPU)) over the file's measured rows. */
  static double oneGpuSamples(ElasticFlowTable table, String gpu, String model) {
    double logSum = 0;
    int count = 0;
    for (ElasticFlowTable.Curve curve : table.curves) {
      double rate = curve.oneGpu();
      if (curve.gpu().equals(gpu) && curve.model().equals(model) && rate > 0) {
        logSum += Math.log(rate * curve.globalBatch());
        count++;
      }
    }
    if (count == 0) {
      throw new InputException(
          ElasticFlowTable.DIRECTORY + ": no one-GPU throughput of " + model + " on " + gpu);
    }
    return Math.exp(logSum / count);
  }

  private static String line(String gpu, double[] factors, String source) {
    StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%-5s", gpu));
    for (double factor : factors) {
      text.append(String.format(Locale.ROOT, " %6.4f", factor));
    }
    return text.append("  (").append(source).append(')').toString();
  }
}
