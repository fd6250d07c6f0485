package dl2.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The eight job types of the paper's workload (dl2-spec §3.1) with their per-task demands
 * (§2.1, Original): a worker takes 2 cores and, for GPU types, 1 GPU; a PS takes 2 cores.
 */
public enum JobType {
  RESNET_50(1, "resnet-50", 115, 102.2, 0.449, 91.875, 306.5, true),
  VGG_16(2, "vgg-16", 115, 553.4, 0.535, 233.0, 427.75, true),
  RESNEXT_110(3, "resnext-110", 390, 6.92, 0.226, 59.5, 63.0, true),
  INCEPTION_BN(4, "inception-bn", 120, 42.1, 0.815, 145.875, 1082.125, true),
  SEQ2SEQ(5, "seq2seq", 780, 36.5, 0.075, 120.125, 181.125, true),
  CNN_TEXT_CLASSIFICATION(6, "cnn-text-classification", 193, 24.0, 0.585, 60.75, 159.625, false),
  DSSM(7, "dssm", 349, 6.0, 0.567, 92.125, 65.625, false),
  WLM(8, "wlm", 165, 19.2, 0.154, 10.375, 22.875, true);

  private static final int CORES_PER_TASK = 2;

  private final int number;
  private final String modelName;
  private final double epochSize;
  private final double modelMb;
  private final double localComputeSeconds;
  private final double interNodeMbPerSecond;
  private final double intraNodeMbPerSecond;
  private final boolean usesGpu;
  /** Demands of a worker, a PS and a bundle, made once: placement asks for them at every task. */
  private final Resources workerDemand;
  private final Resources psDemand;
  private final Resources bundleDemand;

  JobType(int number, String modelName, double epochSize, double modelMb, double localComputeSeconds,
      double interNodeMbPerSecond, double intraNodeMbPerSecond, boolean usesGpu) {
    this.number = number;
    this.modelName = modelName;
    this.epochSize = epochSize;
    this.modelMb = modelMb;
    this.localComputeSeconds = localComputeSeconds;
    this.interNodeMbPerSecond = interNodeMbPerSecond;
    this.intraNodeMbPerSecond = intraNodeMbPerSecond;
    this.usesGpu = usesGpu;
    this.workerDemand = new Resources(CORES_PER_TASK, usesGpu ? 1 : 0);
    this.psDemand = new Resources(CORES_PER_TASK, 0);
    this.bundleDemand = workerDemand.plus(psDemand);
  }

  /** Type number k in 1..8, as in the paper and the original's state encoding. */
  public int number() {
    return number;
  }

  /** The model name used in traces and speed tables, e.g. {@code resnet-50}. */
  public String modelName() {
    return modelName;
  }

  /** Speed units (samples) per epoch. */
  public double epochSize() {
    return epochSize;
  }

  public double modelMb() {
    return modelMb;
  }

  public double localComputeSeconds() {
    return localComputeSeconds;
  }

  public double interNodeMbPerSecond() {
    return interNodeMbPerSecond;
  }

  public double intraNodeMbPerSecond() {
    return intraNodeMbPerSecond;
  }

  public boolean usesGpu() {
    return usesGpu;
  }

  /** Resources one task of this type takes on its node. */
  public Resources demand(Task task) {
    return switch (task) {
      case WORKER -> workerDemand;
      case PS -> psDemand;
      case BUNDLE -> bundleDemand;
    };
  }

  /** The type with number k (1..8). */
  public static JobType ofNumber(int k) {
    if (k < 1 || k > values().length) {
      throw new IllegalArgumentException("job type number must be 1.." + values().length + ": " + k);
    }
    return values()[k - 1];
  }

  /** The type whose model name is {@code name} (case-insensitive), if any. */
  public static Optional<JobType> byModelName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(t -> t.modelName.equals(wanted)).findFirst();
  }

  /** Comma-separated list of model names, for error messages. */
  public static String modelNames() {
    return String.join(", ", Arrays.stream(values()).map(JobType::modelName).toList());
  }
}
