package dl2.traces;

import dl2.model.JobType;
import dl2.model.Rng;
import dl2.speed.FittedOptimusSpeed;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one place that says how a public trace becomes a DL2 trace (docs/traces.md): model names to
 * the eight DL2 job types, work to epochs, the GPU cap, the zero-work filter, the order of jobs,
 * the seeded type of rows that name no model, and arrival seconds to slots (⌊s / T⌋ with the
 * preset's slot length T, applied when the native file is read, dl2-spec §4.7).
 */
public final class TraceMapping {
  /**
   * The task cap C of every paper preset but paper-dense (§2.2); more requested GPUs count as C
   * workers.
   */
  public static final int GPU_CAP = 16;

  /** Gavel's reference accelerator: its isolated 1-GPU throughput turns steps into seconds. */
  public static final String GAVEL_REFERENCE_GPU = "v100";

  /** Epochs are rounded to 1/1000, so the written file and the in-memory trace agree. */
  private static final double THOUSANDTHS = 1000;

  /** Jobs in arrival order, ties by their position in the source file. */
  static final Comparator<SourceJob> ORDER =
      Comparator.comparingDouble(SourceJob::arrivalSeconds).thenComparingLong(SourceJob::line);

  private static final Pattern TRAILING_NOTE = Pattern.compile("\\s*\\(.*\\)\\s*$");
  private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^a-z0-9]");
  private static final Map<String, JobType> MODELS = models();

  /**
   * Pollux (OSDI'21) gives no duration, only the application: its work is fixed per application.
   * One-GPU seconds = iterations to Pollux's max_epochs at the base batch size B0 (last row of
   * {@code traces/<app>/validation-<B0>.csv}) × (step_time + sync_time) on placement "1" with local
   * batch ≈ B0 ({@code placements.csv}); B0 = imagenet 200, yolov3 8, deepspeech2 20, bert 12,
   * cifar10 128, ncf 256. They fall into Pollux's size classes (XL, L, M, M, S, S).
   */
  private static final Map<String, Double> POLLUX_ONE_GPU_SECONDS =
      Map.of(
          "imagenet", 533_133.0,
          "yolov3", 33_996.0,
          "deepspeech2", 19_483.0,
          "bert", 13_817.0,
          "cifar10", 4_077.0,
          "ncf", 1_502.0);

  private TraceMapping() {}

  private static Map<String, JobType> models() {
    Map<String, JobType> models = new LinkedHashMap<>();
    for (JobType type : JobType.values()) {
      models.put(normalise(type.modelName()), type);
    }
    // CNNs on ImageNet-sized inputs, and YOLOv3 (Darknet-53 backbone).
    put(models, JobType.RESNET_50, "resnet50", "resnet101", "resnet152", "imagenet", "yolov3");
    // Large dense CNNs: VGG, AlexNet (big fully connected layers), CycleGAN (convolutional GAN).
    put(models, JobType.VGG_16, "vgg11", "vgg16", "vgg19", "alexnet", "cyclegan");
    // CIFAR-scale residual networks (Pollux's cifar10 application is ResNet-18 on CIFAR-10).
    put(models, JobType.RESNEXT_110, "resnet18", "cifar10");
    put(models, JobType.INCEPTION_BN, "inception3", "inception4", "googlenet");
    // Sequence models: translation and speech recognition (DeepSpeech2 is a recurrent seq model).
    put(models, JobType.SEQ2SEQ, "transformer", "deepspeech2");
    // Small CNN policy network of the RL job, the closest CPU-friendly type.
    put(models, JobType.CNN_TEXT_CLASSIFICATION, "a3c");
    // Recommendation and retrieval.
    put(models, JobType.DSSM, "recommendation", "ncf");
    // Language models.
    put(models, JobType.WLM, "lm", "bert", "gpt2");
    return Map.copyOf(models);
  }

  private static void put(Map<String, JobType> models, JobType type, String... names) {
    for (String name : names) {
      models.put(name, type);
    }
  }

  /**
   * Lower-case letters and digits only, without a trailing parenthesised note, so Gavel's {@code
   * ResNet-18 (batch size 64)} and DL2's {@code resnet-50} become {@code resnet18}, {@code
   * resnet50}.
   */
  static String normalise(String name) {
    String withoutNote = TRAILING_NOTE.matcher(name).replaceFirst("");
    return NOT_ALPHANUMERIC.matcher(withoutNote.toLowerCase(Locale.ROOT)).replaceAll("");
  }

  /** The DL2 type of a source's model or application name, if it is one the mapping knows. */
  public static Optional<JobType> typeOf(String modelName) {
    return Optional.ofNullable(MODELS.get(normalise(modelName)));
  }

  /** Every source name the mapping knows, for error messages. */
  public static String knownModels() {
    return String.join(", ", MODELS.keySet().stream().sorted().toList());
  }

  /**
   * The type of a row that names no model (Pollux's philly.csv): uniform over the eight types, from
   * a seeded hash of the row's cells, so the same row gets the same type in any order.
   */
  public static JobType typeOfRow(long seed, List<String> cells) {
    long hash = 0xcbf29ce484222325L; // FNV-1a, 64 bit
    for (byte b : String.join("\u001f", cells).getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
    }
    int index = (int) Math.floorMod(Rng.hash(seed, hash), (long) JobType.values().length);
    return JobType.values()[index];
  }

  /** One-GPU seconds of a Pollux application's job, if the application is known. */
  public static Optional<Double> polluxOneGpuSeconds(String application) {
    return Optional.ofNullable(POLLUX_ONE_GPU_SECONDS.get(normalise(application)));
  }

  /** Application names Pollux workloads may use, for error messages. */
  static String polluxApplications() {
    return String.join(", ", POLLUX_ONE_GPU_SECONDS.keySet().stream().sorted().toList());
  }

  /** Requested GPUs as the worker count the epochs are computed at: at most {@link #GPU_CAP}. */
  public static int workers(int requestedGpus) {
    return Math.min(requestedGpus, GPU_CAP);
  }

  /**
   * Epochs E of a job that ran {@code seconds} with {@code gpus} GPUs: the seconds times its type's
   * epochs per second under the default speed model (§3.2) with w = min(gpus, C) workers and as
   * many PSs (one bundle per GPU), rounded to 0.001 and at least 0.001.
   */
  public static double epochs(JobType type, int gpus, double seconds) {
    int workers = workers(gpus);
    double perSecond =
        FittedOptimusSpeed.INSTANCE.samplesPerSecond(type, workers, workers) / type.epochSize();
    double thousandths = Math.max(1, Math.round(seconds * perSecond * THOUSANDTHS));
    return thousandths / THOUSANDTHS;
  }

  /**
   * The arrival slot of a job submitted {@code seconds} after the first: ⌊seconds / T⌋, as {@code
   * NativeTraceReader} computes it from the written file (dl2-spec §4.7).
   */
  public static int arrivalSlot(double seconds, int slotSeconds) {
    return (int) Math.floor(seconds / slotSeconds);
  }

  /** The filter: jobs with no work (zero duration or zero steps) are dropped. */
  public static boolean hasWork(SourceJob job) {
    return job.seconds() > 0;
  }
}
