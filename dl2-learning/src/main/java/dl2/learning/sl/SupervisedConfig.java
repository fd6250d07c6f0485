package dl2.learning.sl;

import dl2.learning.file.PolicySettings;
import dl2.learning.run.RunBudget;
import dl2.schedulers.registry.Schedulers;

/**
 * Every knob of the supervised warm-up (dl2-spec §8); the paper's defaults are declared here once.
 *
 * @param budget the preset, seed, Adam steps (one per teacher slot once replay is full),
 *     validation, the traces the teacher cycles through, and threads
 * @param teacher the baseline whose decisions are imitated (drf, fifo, srtf, tetris, optimus),
 *     alone or under a built-in placement ({@code optimus@fewest-nodes})
 * @param policy the state encoding and network
 * @param learningRate Adam learning rate
 * @param batchSize samples per step
 * @param replayCapacity FIFO replay size
 * @param sampledValidation also run sampled decoding at each validation (the original's mode)
 * @param labels how the teacher's decisions become samples
 */
public record SupervisedConfig(
    RunBudget budget,
    String teacher,
    PolicySettings policy,
    double learningRate,
    int batchSize,
    int replayCapacity,
    boolean sampledValidation,
    Labels labels) {
  /** The paper's. */
  public static final double LEARNING_RATE = 0.005;

  public static final int BATCH_SIZE = 256;
  public static final int REPLAY_CAPACITY = 8192;

  /** Warm-up steps of {@code train-sl}. */
  public static final int STEPS = 600;

  /** The warm-up validates every tenth of its steps, at most this often apart. */
  public static final int VALIDATE_EVERY_AT_MOST = 100;

  /**
   * The one teacher whose bundles are labelled as bundles whatever the labels say: it adds whole
   * bundles by design.
   */
  private static final String BUNDLING_TEACHER = Schedulers.TETRIS;

  /** Each check names the knob it refuses. */
  public SupervisedConfig {
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learningRate must be a positive number: " + learningRate);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be at least 1: " + batchSize);
    }
    if (replayCapacity < batchSize) {
      throw new IllegalArgumentException(
          "replayCapacity " + replayCapacity + " is smaller than a batch of " + batchSize);
    }
  }

  /**
   * The paper's defaults (lr 0.005, batch 256, replay 8192, the original's labels) for {@code
   * teacher}.
   */
  public static SupervisedConfig of(RunBudget budget, String teacher, PolicySettings policy) {
    return new SupervisedConfig(
        budget,
        teacher,
        policy,
        LEARNING_RATE,
        BATCH_SIZE,
        REPLAY_CAPACITY,
        false,
        Labels.DEFAULTS);
  }

  public SupervisedConfig withLabels(Labels newLabels) {
    return new SupervisedConfig(
        budget,
        teacher,
        policy,
        learningRate,
        batchSize,
        replayCapacity,
        sampledValidation,
        newLabels);
  }

  public SupervisedConfig withLearningRate(double rate) {
    return new SupervisedConfig(
        budget, teacher, policy, rate, batchSize, replayCapacity, sampledValidation, labels);
  }

  public SupervisedConfig withSampledValidation(boolean sampled) {
    return new SupervisedConfig(
        budget, teacher, policy, learningRate, batchSize, replayCapacity, sampled, labels);
  }

  /**
   * Whether the teacher's bundles become worker-then-PS samples (the original's; Tetris's stay
   * bundles).
   */
  public boolean splitBundles() {
    return !labels.bundles() && !teacher.equals(BUNDLING_TEACHER);
  }

  /** How each teacher slot is recorded. */
  public TeacherSlot teacherSlot() {
    return new TeacherSlot(
        splitBundles(), labels.dropUnlabelled(), labels.slotStartBundle(), labels.stopLabels());
  }
}
