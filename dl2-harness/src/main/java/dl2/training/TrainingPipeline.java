package dl2.training;

import dl2.evaluation.Evaluation;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.MlpSpec;
import dl2.learning.nn.NetworkState;
import dl2.learning.onpolicy.OnPolicyTrainer;
import dl2.learning.rl.ActorCritic;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.Jct;
import dl2.learning.rl.Resumption;
import dl2.learning.rl.RlListener;
import dl2.learning.rl.RlPoint;
import dl2.learning.rl.RlTrainer;
import dl2.learning.run.RunBudget;
import dl2.learning.sl.SupervisedListener;
import dl2.learning.sl.SupervisedWarmup;
import dl2.learning.sl.ValidationPoint;
import dl2.learning.speeds.SpeedMemory;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.placement.InterferenceAware;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * DL2's training, top to bottom: supervised warm-up (if any) → reinforcement learning → the best
 * and final checkpoints on the test traces. A run lives in one directory and can be resumed from
 * its last checkpoint exactly as if it had never stopped; a finished warm-up of the same settings
 * is reused rather than trained again (it is deterministic, so both give the same bytes).
 */
public final class TrainingPipeline {
  /** What a run reports as it goes (the command turns it into progress bars). */
  public interface Listener extends RlListener {
    /** The warm-up starts, for {@code steps} steps. */
    default void warmUpStarted(long steps) {}

    default void warmUpStepped(long step) {}

    /** The warm-up is over. */
    default void warmUpDone() {}

    /** Reinforcement learning starts, for {@code steps} steps. */
    default void rlStarted(long steps) {}

    /** Reinforcement learning is over; the test summary runs next. */
    default void rlDone() {}

    /** The run continues from its checkpoint at {@code step} of {@code steps}. */
    default void resumed(long step, long steps) {}

    /** The test summary starts: {@code runs} simulations. */
    default void testStarted(long runs) {}

    /** One test simulation is done; called from the thread that ran it. */
    default void testStepped() {}

    /** The test summary is written. */
    default void testDone() {}

    /** A one-line notice for the user. */
    default void notice(String line) {}
  }

  /** A finished run: its learning curve, the best validation point, and the test summary. */
  public record Outcome(List<RlPoint> curve, RlPoint best, TestEvaluation.Result test) {}

  private final TrainConfig config;
  private final SpeedModel episodes;
  private final Listener listener;

  public TrainingPipeline(TrainConfig config, Listener listener) {
    this(config, FittedOptimusSpeed.INSTANCE, listener);
  }

  /**
   * A run whose actor-critic episodes follow {@code episodes} (OfflineRL trains on the analytical
   * model); the warm-up, validation and the test summary always run on the default one.
   */
  public TrainingPipeline(TrainConfig config, SpeedModel episodes, Listener listener) {
    this.config = config;
    this.episodes = episodes;
    this.listener = listener;
  }

  /**
   * Runs in {@code out}, then the test summary: continues its last checkpoint if {@code resume} and
   * there is one, else starts afresh, from {@code warmStart} when given (the policy and its
   * critic), else from the warm-up. {@code markFresh} marks the directory as this run's before a
   * fresh start writes.
   */
  public Outcome run(Path out, boolean resume, Optional<PolicyFile> warmStart, Runnable markFresh) {
    if (resume
        && config.objective() instanceof Jct
        && (OnPolicyTrainer.directory(out).current().isPresent() || RlTrainer.hasCheckpoint(out))) {
      throw new InputException(
          "--resume continues actor-critic runs only; this jct run starts over with --force");
    }
    if (resume && RlTrainer.hasCheckpoint(out)) {
      RlTrainer trainer = actorCritic();
      Resumption run =
          trainer.prepareResume(
              out, Optional.of(config.policy())); // every check before any progress
      if (config.placement().equals(InterferenceAware.NAME)) {
        // it places by what it measured in the episode's slots so far, which no checkpoint keeps
        throw new InputException(
            "--resume: tasks placed by "
                + InterferenceAware.NAME
                + " cannot continue as they began, since "
                + "it learns from every slot and checkpoints do not keep what it learnt; start over with --force");
      }
      listener.resumed(run.step(), config.budget().steps());
      return finish(out, rl(() -> trainer.resume(run)));
    }
    if (resume) {
      listener.notice(out + " holds no checkpoint yet: starting the run from the beginning");
    }
    markFresh.run();
    begin(out, resume);
    Optional<Mlp> start = Optional.empty();
    Optional<Mlp> startValue = Optional.empty();
    if (warmStart.isPresent()) {
      start = Optional.of(warmStart.get().policy().network());
      startValue = criticFrom(warmStart.get());
    } else if (config.warmUp().steps() > 0) {
      start = Optional.of(warmUp(out.resolve("sl"), resume));
    }
    return finish(
        out,
        learn(out, start, startValue, warmStart.map(PolicyFile::speeds).orElse(SpeedMemory.EMPTY)));
  }

  /**
   * A fresh run in {@code out} without a warm-up or a test summary (a study's run): from {@code
   * start}'s policy network when given; its critic, Adam state and replay start afresh.
   */
  public List<RlPoint> train(Path out, Optional<Mlp> start) {
    begin(out, false);
    return learn(out, start, Optional.empty(), SpeedMemory.EMPTY);
  }

  /**
   * The warm-up alone, trained afresh into {@code dir}; its validation curve (a study's warm-up).
   */
  public List<ValidationPoint> warmUp(Path dir) {
    return supervised(dir);
  }

  /**
   * A fresh start: this run's settings in {@code out}, and no checkpoint of an earlier run left to
   * resume into.
   */
  private void begin(Path out, boolean resume) {
    TrainConfigFile.write(config, out);
    RlTrainer.clearCheckpoints(out);
    if (!resume) {
      clearWarmUp(out.resolve("sl"));
    }
  }

  private List<RlPoint> learn(
      Path out, Optional<Mlp> start, Optional<Mlp> startValue, SpeedMemory speeds) {
    if (config.objective() instanceof Jct) {
      Mlp network =
          start.orElseGet(
              () ->
                  new Mlp(
                      config.policy().policySpec(),
                      new Rng(Rng.derive(config.budget().seed(), SeedStream.RL_POLICY_INIT))));
      return rl(
          () ->
              new OnPolicyTrainer(config.jct(), listener, config.clusters(), config.runPlacement())
                  .run(config.policy(), network, speeds, out));
    }
    return rl(() -> actorCritic().run(config.policy(), start, startValue, out));
  }

  /**
   * The actor-critic trainer: episodes on {@link #episodes}, validation on the default speed model,
   * both under {@link TrainConfig#runPlacement()}.
   */
  private RlTrainer actorCritic() {
    return new RlTrainer(
        config.rl(), listener, config.clusters(episodes), config.clusters(), config.runPlacement());
  }

  private List<RlPoint> rl(Supplier<List<RlPoint>> training) {
    listener.rlStarted(config.budget().steps());
    try {
      return training.get();
    } finally {
      listener.rlDone();
    }
  }

  private Outcome finish(Path out, List<RlPoint> curve) {
    RlPoint best =
        curve.stream().min(Comparator.comparingDouble(RlPoint::validationJct)).orElseThrow();
    RunBudget budget = config.budget();
    Evaluation test = TestEvaluation.of(budget);
    listener.testStarted(TestEvaluation.runs(test));
    try {
      return new Outcome(
          curve,
          best,
          TestEvaluation.run(
              test,
              config.objective().rewardName(),
              config.objective().usesOracle(),
              config.placement(),
              budget.threads(),
              out,
              best.validationJct(),
              listener::testStepped));
    } finally {
      listener.testDone();
    }
  }

  /**
   * The warm-up's best policy: a finished warm-up of these settings in {@code dir} (left by a run
   * resumed before its first RL checkpoint) is reused, anything else is trained afresh.
   */
  private Mlp warmUp(Path dir, boolean resume) {
    if (!(resume && SupervisedWarmup.finished(dir) && reusable(dir))) {
      supervised(dir);
    }
    return PolicyFile.load(dir.resolve(SupervisedWarmup.BEST)).policy().network();
  }

  private List<ValidationPoint> supervised(Path dir) {
    listener.warmUpStarted(config.warmUp().steps());
    try {
      return new SupervisedWarmup(
              config.supervised(),
              new SupervisedListener() {
                @Override
                public void stepped(long step, double loss) {
                  listener.warmUpStepped(step);
                }
              },
              config.clusters(),
              config.runPlacement())
          .run(dir);
    } finally {
      listener.warmUpDone();
    }
  }

  private boolean reusable(Path dir) {
    PolicyFile done = PolicyFile.load(dir.resolve(SupervisedWarmup.BEST));
    TrainingInfo info = done.training();
    long steps = PolicyFile.load(dir.resolve(SupervisedWarmup.FINAL)).training().step();
    return done.settings().equals(config.policy())
        && info.teacher().equals(config.warmUp().teacher())
        && info.seed() == config.budget().seed()
        && info.trainedPlacement().equals(config.placement())
        && info.preset().equals(config.budget().preset().name())
        && steps == config.warmUp().steps();
  }

  private static void clearWarmUp(Path dir) {
    try {
      SupervisedWarmup.directory(dir).clear();
    } catch (IOException e) {
      throw new InputException(
          "cannot remove the earlier warm-up in " + dir + ": " + OutputPaths.reason(e));
    }
  }

  /** The warm-start file's critic, when it has one of the shape this run's baseline needs. */
  private Optional<Mlp> criticFrom(PolicyFile file) {
    if (!(config.objective() instanceof ActorCritic a)) {
      return Optional.empty();
    }
    MlpSpec wanted = file.settings().valueSpec(a.update().baseline() == Baseline.JOB_CRITIC);
    return file.value().map(NetworkState::network).filter(v -> v.spec().equals(wanted));
  }
}
