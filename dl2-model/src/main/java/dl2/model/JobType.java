package dl2.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A job's model: the eight of the paper's workload (dl2-spec §3.1) with their per-task demands
 * (§2.1, Original: a worker takes 2 cores and, for GPU types, 1 GPU; a PS takes 2 cores), or a
 * model a user declared ({@link ModelCatalogue}). A class rather than an enum so that a trace may
 * name models beyond the eight; the eight keep their order, numbers and ordinals, so nothing that
 * uses only them changes. Two types are equal only if they are the same object.
 */
public final class JobType implements Comparable<JobType> {
  private static final int CORES_PER_TASK = 2;

  /**
   * Built-ins plus at most this many declared models: the width of every table indexed by {@link
   * #ordinal()}.
   */
  public static final int MAX_TYPES = 32;

  public static final JobType RESNET_50 =
      new JobType("RESNET_50", 1, "resnet-50", 115, 102.2, 0.449, 91.875, 306.5, true);
  public static final JobType VGG_16 =
      new JobType("VGG_16", 2, "vgg-16", 115, 553.4, 0.535, 233.0, 427.75, true);
  public static final JobType RESNEXT_110 =
      new JobType("RESNEXT_110", 3, "resnext-110", 390, 6.92, 0.226, 59.5, 63.0, true);
  public static final JobType INCEPTION_BN =
      new JobType("INCEPTION_BN", 4, "inception-bn", 120, 42.1, 0.815, 145.875, 1082.125, true);
  public static final JobType SEQ2SEQ =
      new JobType("SEQ2SEQ", 5, "seq2seq", 780, 36.5, 0.075, 120.125, 181.125, true);
  public static final JobType CNN_TEXT_CLASSIFICATION =
      new JobType(
          "CNN_TEXT_CLASSIFICATION",
          6,
          "cnn-text-classification",
          193,
          24.0,
          0.585,
          60.75,
          159.625,
          false);
  public static final JobType DSSM =
      new JobType("DSSM", 7, "dssm", 349, 6.0, 0.567, 92.125, 65.625, false);
  public static final JobType WLM =
      new JobType("WLM", 8, "wlm", 165, 19.2, 0.154, 10.375, 22.875, true);

  private static final JobType[] BUILT_IN = {
    RESNET_50, VGG_16, RESNEXT_110, INCEPTION_BN, SEQ2SEQ, CNN_TEXT_CLASSIFICATION, DSSM, WLM
  };

  private final String name;
  private final int number;
  private final String modelName;
  private final double epochSize;
  private final double modelMb;
  private final double localComputeSeconds;
  private final double interNodeMbPerSecond;
  private final double intraNodeMbPerSecond;
  private final boolean builtIn;

  /** Demands of a worker, a PS and a bundle, made once: placement asks for them at every task. */
  private final Resources workerDemand;

  private final Resources psDemand;

  /** A declared model's speed factor per GPU type name; empty for the built-ins. */
  private final Map<String, Double> gpuFactors;

  private final Resources bundleDemand;

  private JobType(
      String name,
      int number,
      String modelName,
      double epochSize,
      double modelMb,
      double localComputeSeconds,
      double interNodeMbPerSecond,
      double intraNodeMbPerSecond,
      boolean usesGpu) {
    this(
        name,
        number,
        modelName,
        epochSize,
        modelMb,
        localComputeSeconds,
        interNodeMbPerSecond,
        intraNodeMbPerSecond,
        true,
        new Resources(CORES_PER_TASK, usesGpu ? 1 : 0),
        new Resources(CORES_PER_TASK, 0),
        Map.of());
  }

  private JobType(
      String name,
      int number,
      String modelName,
      double epochSize,
      double modelMb,
      double localComputeSeconds,
      double interNodeMbPerSecond,
      double intraNodeMbPerSecond,
      boolean builtIn,
      Resources worker,
      Resources ps,
      Map<String, Double> gpuFactors) {
    this.gpuFactors = Map.copyOf(gpuFactors);
    this.name = name;
    this.number = number;
    this.modelName = modelName;
    this.epochSize = epochSize;
    this.modelMb = modelMb;
    this.localComputeSeconds = localComputeSeconds;
    this.interNodeMbPerSecond = interNodeMbPerSecond;
    this.intraNodeMbPerSecond = intraNodeMbPerSecond;
    this.builtIn = builtIn;
    this.workerDemand = worker;
    this.psDemand = ps;
    this.bundleDemand = worker.plus(ps);
  }

  /**
   * A declared model with number {@code number} (past the built-ins'; {@link ModelCatalogue} gives
   * them out). It has no network profile: the analytical and realistic worlds cannot run it.
   */
  static JobType declared(
      int number,
      String modelName,
      double epochSize,
      Resources worker,
      Resources ps,
      Map<String, Double> gpuFactors) {
    if (number <= BUILT_IN.length || number > MAX_TYPES) {
      throw new IllegalArgumentException(
          "a declared model's number must be in " + (BUILT_IN.length + 1) + ".." + MAX_TYPES);
    }
    if (!(epochSize > 0) || Double.isInfinite(epochSize)) {
      throw new IllegalArgumentException("epoch size must be positive and finite: " + epochSize);
    }
    if (worker.cores() + worker.gpus() == 0 || ps.cores() + ps.gpus() == 0) {
      throw new IllegalArgumentException("a worker and a PS each need at least one core or GPU");
    }
    return new JobType(
        modelName,
        number,
        modelName,
        epochSize,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        false,
        worker,
        ps,
        gpuFactors);
  }

  /**
   * A declared model's speed factor on the GPU type named {@code gpu} (its models-file column), 1
   * where the file gives none; built-in types take theirs from {@link GpuType}.
   */
  public double declaredGpuFactor(String gpu) {
    return gpuFactors.getOrDefault(gpu, 1.0);
  }

  /**
   * Type number k: 1..8 for the built-ins, as in the paper and the original's state encoding; 9..
   * for declared models.
   */
  public int number() {
    return number;
  }

  /**
   * {@link #number()} − 1: the row of this type in tables indexed by type, below {@link
   * #MAX_TYPES}.
   */
  public int ordinal() {
    return number - 1;
  }

  /**
   * The constant's name for a built-in (e.g. {@code RESNET_50}, as the enum it was), the model name
   * otherwise.
   */
  public String name() {
    return name;
  }

  /** The model name used in traces and speed tables, e.g. {@code resnet-50}. */
  public String modelName() {
    return modelName;
  }

  /** Whether this is one of the paper's eight models. */
  public boolean builtIn() {
    return builtIn;
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
    return workerDemand.gpus() > 0;
  }

  /** Resources one task of this type takes on its node. */
  public Resources demand(Task task) {
    return switch (task) {
      case WORKER -> workerDemand;
      case PS -> psDemand;
      case BUNDLE -> bundleDemand;
    };
  }

  @Override
  public int compareTo(JobType other) {
    int byNumber = Integer.compare(number, other.number);
    return byNumber != 0 ? byNumber : modelName.compareTo(other.modelName);
  }

  @Override
  public String toString() {
    return name;
  }

  /** The eight built-in types, in number order (a fresh array, as an enum's values()). */
  public static JobType[] values() {
    return BUILT_IN.clone();
  }

  /** The built-in type with number k (1..8). */
  public static JobType ofNumber(int k) {
    if (k < 1 || k > BUILT_IN.length) {
      throw new IllegalArgumentException(
          "job type number must be 1.." + BUILT_IN.length + ": " + k);
    }
    return BUILT_IN[k - 1];
  }

  /** The built-in type whose model name is {@code name} (case-insensitive), if any. */
  public static Optional<JobType> byModelName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(BUILT_IN).filter(t -> t.modelName.equals(wanted)).findFirst();
  }

  /** Comma-separated list of the built-in model names, for error messages. */
  public static String modelNames() {
    return String.join(", ", Arrays.stream(BUILT_IN).map(JobType::modelName).toList());
  }
}
