package dl2.learning.sl;

import dl2.learning.file.PolicySettings;
import dl2.schedulers.Schedulers;
import dl2.workload.Preset;

/**
 * Every knob of the supervised warm-up (dl2-spec §8), with the paper's defaults.
 *
 * @param preset the workload and cluster the teacher runs on
 * @param teacher the baseline whose decisions are imitated (drf, fifo, srtf, tetris, optimus), alone or
 *     under a built-in placement ({@code optimus@fewest-nodes})
 * @param policy the state encoding and network
 * @param steps Adam steps (one per teacher slot once replay is full)
 * @param seed base seed: training traces, initial weights, column shuffles, batches
 * @param learningRate Adam learning rate (paper: 0.005)
 * @param batchSize samples per step (256)
 * @param replayCapacity FIFO replay size (8192)
 * @param trainingTraces traces the teacher cycles through (100)
 * @param validateEvery validate after this many steps (and after the last)
 * @param validationTraces fixed validation traces (10)
 * @param sampledValidation also run sampled decoding at each validation (the original's mode)
 * @param splitBundles teacher bundles become worker-then-PS samples (Original); off labels bundles
 * @param dropUnlabelled drop samples whose job is outside the window (Original keeps them)
 * @param shuffleColumns place window jobs in random columns (Original augmentation); off keeps
 *     RL's arrival order, removing SL/RL mismatch 4 of §8
 * @param startOfSlotBundle teacher slots start from RL's 1/1 start (fixes SL/RL mismatch 1; Project, off)
 * @param stopLabels the teacher's final state of each slot is labelled "stop" (fixes mismatch 2; Project, off)
 * @param threads threads for validation runs (results do not depend on it)
 */
public record SupervisedConfig(Preset preset, String teacher, PolicySettings policy, int steps, long seed,
    double learningRate, int batchSize, int replayCapacity, int trainingTraces, int validateEvery, int validationTraces,
    boolean sampledValidation, boolean splitBundles, boolean dropUnlabelled, boolean shuffleColumns,
    boolean startOfSlotBundle, boolean stopLabels, int threads) {

  public SupervisedConfig {
    if (steps < 1 || batchSize < 1 || replayCapacity < batchSize || trainingTraces < 1 || validateEvery < 1
        || validationTraces < 1 || threads < 1 || !(learningRate > 0)) {
      throw new IllegalArgumentException("invalid supervised warm-up settings: " + this);
    }
  }

  /** Paper defaults: lr 0.005, batch 256, replay 8192, 100 training and 10 validation traces. */
  public static SupervisedConfig defaults(Preset preset, String teacher, int steps, long seed) {
    boolean split = !teacher.equals(Schedulers.TETRIS);
    return new SupervisedConfig(preset, teacher, PolicySettings.defaults(preset), steps, seed, 0.005, 256, 8192, 100,
        Math.max(1, Math.min(100, steps / 10)), 10, false, split, false, true, false, false, 1);
  }

  public SupervisedConfig withPolicy(PolicySettings newPolicy) {
    return new SupervisedConfig(preset, teacher, newPolicy, steps, seed, learningRate, batchSize, replayCapacity,
        trainingTraces, validateEvery, validationTraces, sampledValidation, splitBundles, dropUnlabelled, shuffleColumns,
        startOfSlotBundle, stopLabels, threads);
  }

  public SupervisedConfig withValidation(int every, int traces, boolean sampled) {
    return new SupervisedConfig(preset, teacher, policy, steps, seed, learningRate, batchSize, replayCapacity,
        trainingTraces, every, traces, sampled, splitBundles, dropUnlabelled, shuffleColumns,
        startOfSlotBundle, stopLabels, threads);
  }

  public SupervisedConfig withLabels(boolean split, boolean dropZero, boolean shuffle) {
    return new SupervisedConfig(preset, teacher, policy, steps, seed, learningRate, batchSize, replayCapacity,
        trainingTraces, validateEvery, validationTraces, sampledValidation, split, dropZero, shuffle,
        startOfSlotBundle, stopLabels, threads);
  }

  /** With or without the spec's candidate fixes of SL/RL mismatches 1 (slot start) and 2 (stop labels). */
  public SupervisedConfig withSlotAlignment(boolean startBundle, boolean stop) {
    return new SupervisedConfig(preset, teacher, policy, steps, seed, learningRate, batchSize, replayCapacity,
        trainingTraces, validateEvery, validationTraces, sampledValidation, splitBundles, dropUnlabelled, shuffleColumns,
        startBundle, stop, threads);
  }

  /** How each teacher slot is recorded. */
  public TeacherSlot teacherSlot() {
    return new TeacherSlot(splitBundles, dropUnlabelled, startOfSlotBundle, stopLabels);
  }

  public SupervisedConfig withLearningRate(double rate) {
    return new SupervisedConfig(preset, teacher, policy, steps, seed, rate, batchSize, replayCapacity,
        trainingTraces, validateEvery, validationTraces, sampledValidation, splitBundles, dropUnlabelled, shuffleColumns,
        startOfSlotBundle, stopLabels, threads);
  }

  public SupervisedConfig withThreads(int newThreads) {
    return new SupervisedConfig(preset, teacher, policy, steps, seed, learningRate, batchSize, replayCapacity,
        trainingTraces, validateEvery, validationTraces, sampledValidation, splitBundles, dropUnlabelled, shuffleColumns,
        startOfSlotBundle, stopLabels, newThreads);
  }
}
