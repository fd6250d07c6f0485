package dl2.learning.sl;

import dl2.io.AtomicFiles;
import dl2.io.CheckpointDirectory;
import dl2.io.OutputPaths;
import dl2.learning.env.RunPlacement;
import dl2.learning.env.SlotEnvironment;
import dl2.learning.file.LearningCurve;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.KernelThreads;
import dl2.learning.nn.Losses;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.nn.Tape;
import dl2.learning.replay.FifoReplay;
import dl2.learning.run.RunBudget;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.placement.PlacedSchedulers;
import dl2.placement.Placements;
import dl2.registry.Launch;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulatedClusters;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * DL2's supervised warm-up (dl2-spec §8): a teacher scheduler runs on the training traces while a
 * recorder turns each of its increments into a labelled sample; once the FIFO replay is full, every
 * teacher slot is followed by one Adam step on the cross-entropy of a random batch. The policy is
 * validated on the fixed validation traces and the best (greedy JCT) is kept.
 */
public final class SupervisedWarmup {
  public static final String BEST = "best.policy";
  public static final String FINAL = "final.policy";
  public static final String CURVE = "learning-curve.csv";

  private final SupervisedConfig config;
  private final SupervisedListener listener;
  private final SimulatedClusters clusters;
  private final RunPlacement placement;
  private final Observer observer;
  private final List<List<LabelledSample>> recording;

  /** Warm-up on the preset's simulated clusters. */
  public SupervisedWarmup(SupervisedConfig config, SupervisedListener listener) {
    this(config, listener, SimulatedClusters.of(config.budget().preset()), RunPlacement.SLOT);
  }

  /**
   * Warm-up on {@code clusters} (the preset's simulated clusters: the teacher runs there, the
   * policy is validated there), every task placed by {@code placement}.
   */
  public SupervisedWarmup(
      SupervisedConfig config,
      SupervisedListener listener,
      SimulatedClusters clusters,
      RunPlacement placement) {
    this(config, listener, clusters, placement, null);
  }

  /**
   * Trains on {@code recording} (slots of samples recorded in shadow mode, see {@link
   * ShadowRecording}) instead of running the teacher on generated training traces; validation is
   * unchanged.
   */
  public SupervisedWarmup(
      SupervisedConfig config,
      SupervisedListener listener,
      SimulatedClusters clusters,
      RunPlacement placement,
      List<List<LabelledSample>> recording) {
    if (recording != null && recording.stream().allMatch(List::isEmpty)) {
      throw new IllegalArgumentException("the recording holds no sample");
    }
    this.recording = recording;
    this.config = config;
    this.listener = listener;
    this.clusters = clusters;
    this.placement = placement;
    RunBudget budget = config.budget();
    this.observer =
        config.policy().observer(budget.preset().taskCap(), RunBudget.belief(budget.lengthPrior()));
  }

  /**
   * Trains and writes best.policy, final.policy and learning-curve.csv into {@code outDir}, as
   * checkpoints switched in whole at every validation ({@link CheckpointDirectory}); final.policy
   * comes with the last one.
   */
  public List<ValidationPoint> run(Path outDir) {
    KernelThreads.use(
        config
            .budget()
            .threads()); // the batch kernels share the threads (results do not depend on it)
    long seed = config.budget().seed();
    Mlp policy =
        new Mlp(config.policy().policySpec(), new Rng(Rng.derive(seed, SeedStream.WARMUP_INIT)));
    Adam adam = new Adam(policy, config.learningRate());
    Rng shuffle = new Rng(Rng.derive(seed, SeedStream.WARMUP_SHUFFLE));
    Rng batches = new Rng(Rng.derive(seed, SeedStream.WARMUP_BATCHES));
    List<Trace> training = config.budget().trainingSet(0);
    List<Trace> validation = config.budget().validationSet();
    WarmupValidation validator =
        new WarmupValidation(
            config, clusters, placement, observer, this::teacher, validation, seed);
    listener.started(config.budget().steps(), validator.teacherJct);
    LearningCurve curve = new LearningCurve(ValidationPoint.COLUMNS);
    CheckpointDirectory checkpoints = directory(outDir);
    clear(checkpoints);
    FifoReplay<LabelledSample> replay = new FifoReplay<>(config.replayCapacity());
    long step = 0;
    double lossSum = 0;
    int lossCount = 0;
    double bestJct = Double.POSITIVE_INFINITY;
    Consumer<Consumer<LabelledSample>> slots =
        recording == null ? teacherSlots(training, shuffle) : recordedSlots();
    while (step < config.budget().steps()) {
      slots.accept(replay::add);
      if (!replay.isFull()) {
        continue;
      }
      double loss = step(policy, adam, replay.sample(config.batchSize(), batches));
      step++;
      lossSum += loss;
      lossCount++;
      listener.stepped(step, loss);
      if (step % config.budget().validateEvery() == 0 || step == config.budget().steps()) {
        ValidationPoint point = validator.validate(policy, step, lossSum / lossCount);
        lossSum = 0;
        lossCount = 0;
        curve.append(point.values());
        boolean best = point.greedyJct() < bestJct || curve.rows().size() == 1; // one is kept
        if (best) {
          bestJct = point.greedyJct();
        }
        checkpoint(checkpoints, policy, adam, step, best, curve);
        listener.validated(point, best);
      }
    }
    return List.of(curve.rows().stream().map(ValidationPoint::of).toArray(ValidationPoint[]::new));
  }

  /**
   * Each call plays one slot of the training traces (cycling through them) with the teacher
   * deciding.
   */
  private Consumer<Consumer<LabelledSample>> teacherSlots(List<Trace> training, Rng shuffle) {
    long seed = config.budget().seed();
    int[] episode = {-1};
    SlotEnvironment environment = new SlotEnvironment(clusters);
    Scheduler[] step = {null};
    AtomicReference<Consumer<LabelledSample>> sink = new AtomicReference<>();
    return slotSink -> {
      if (environment.done()) {
        episode[0]++;
        int index = episode[0] % training.size();
        environment.reset(
            training.get(index), TraceSets.simulatorSeed(seed, TraceSet.TRAINING, 0, index));
        Scheduler teacher = teacher(Rng.derive(seed, SeedStream.WARMUP_TEACHER, episode[0]));
        step[0] =
            placement.apply(
                config
                    .teacherSlot()
                    .step(
                        teacher,
                        observer,
                        new MeasuredSpeeds(),
                        config.labels().shuffleColumns() ? shuffle : null,
                        sample -> sink.get().accept(sample)));
      }
      sink.set(slotSink);
      environment.step(step[0]);
    };
  }

  /** Each call replays one recorded slot (cycling through the recording). */
  private Consumer<Consumer<LabelledSample>> recordedSlots() {
    int[] next = {0};
    return sink -> {
      recording.get(next[0]).stream()
          .filter(s -> s.hasLabel() || !config.labels().dropUnlabelled())
          .forEach(sink);
      next[0] = (next[0] + 1) % recording.size();
    };
  }

  private double step(Mlp policy, Adam adam, List<LabelledSample> batch) {
    SupervisedBatch b = SupervisedBatch.of(batch, policy.spec().outputSize());
    policy.zeroGrad();
    Tape tape = policy.forward(b.states());
    double[][] dLogits = new double[batch.size()][policy.spec().outputSize()];
    double loss = Losses.crossEntropy(tape.outputs(), b.masks(), b.labels(), dLogits);
    policy.backward(tape, dLogits);
    adam.step();
    return loss;
  }

  /**
   * A fresh teacher: a baseline, or a baseline under a built-in placement ({@code
   * optimus@fewest-nodes}).
   */
  private Scheduler teacher(long seed) {
    return PlacedSchedulers.create(
        SchedulerName.parse(config.teacher()),
        Schedulers.BUILT_IN,
        Placements.BUILT_IN,
        new Launch(0, seed, seed, 0));
  }

  /** The checkpoints of a warm-up in {@code outDir}. */
  public static CheckpointDirectory directory(Path outDir) {
    return new CheckpointDirectory(outDir, List.of(BEST, FINAL, CURVE), List.of());
  }

  /** Whether the warm-up in {@code outDir} finished (its last checkpoint holds final.policy). */
  public static boolean finished(Path outDir) {
    return directory(outDir)
        .current()
        .map(dir -> Files.isRegularFile(dir.resolve(FINAL)))
        .orElse(false);
  }

  private static void clear(CheckpointDirectory checkpoints) {
    try {
      checkpoints.clear();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot clear the earlier warm-up in " + checkpoints.dir() + ": " + OutputPaths.reason(e),
          e);
    }
  }

  /**
   * One checkpoint: the curve, best.policy (new or kept) and, after the last step, final.policy.
   */
  private void checkpoint(
      CheckpointDirectory checkpoints,
      Mlp policy,
      Adam adam,
      long step,
      boolean best,
      LearningCurve curve) {
    try {
      CheckpointDirectory.Checkpoint checkpoint = checkpoints.begin(step);
      AtomicFiles.writeString(checkpoint.file(CURVE), curve.text());
      if (best) {
        save(policy, adam, step, checkpoint.file(BEST));
      } else {
        checkpoint.keep(BEST);
      }
      if (step == config.budget().steps()) {
        save(policy, adam, step, checkpoint.file(FINAL));
      }
      checkpoint.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write checkpoint "
              + step
              + " into "
              + checkpoints.dir()
              + ": "
              + OutputPaths.reason(e),
          e);
    }
  }

  private void save(Mlp policy, Adam adam, long step, Path file) {
    TrainingInfo info =
        new TrainingInfo(
            "sl",
            step,
            config.budget().preset().name(),
            config.teacher(),
            config.budget().seed(),
            config.budget().validationTraces(),
            null,
            placement.recorded());
    new PolicyFile(
            config.policy(), info, new NetworkState("policy", policy, adam), Optional.empty())
        .save(file);
  }
}
