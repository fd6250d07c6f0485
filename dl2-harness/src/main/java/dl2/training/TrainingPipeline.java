package dl2.training;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.MlpSpec;
import dl2.learning.nn.NetworkState;
import dl2.learning.onpolicy.Objective;
import dl2.learning.onpolicy.OnPolicyTrainer;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.RlConfig;
import dl2.learning.rl.RlListener;
import dl2.learning.rl.RlPoint;
import dl2.learning.rl.RlTrainer;
import dl2.learning.sl.SupervisedListener;
import dl2.learning.sl.SupervisedWarmup;
import dl2.learning.speeds.SpeedMemory;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.placement.InterferenceAware;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.TraceSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * DL2's training, top to bottom: supervised warm-up (if any) → reinforcement learning →
 * the best and final checkpoints on the test traces. A run lives in one directory and can be
 * resumed from its last checkpoint exactly as if it had never stopped; a finished warm-up of
 * the same settings is reused rather than trained again (it is deterministic, so both give the
 * same bytes).
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

    /** A one-line notice for the user. */
    default void notice(String line) {}
  }

  /** A finished run: its learning curve, the best validation point, and the test summary. */
  public record Outcome(List<RlPoint> curve, RlPoint best, TestEvaluation.Result test) {}

  private final TrainConfig config;
  private final Listener listener;

  public TrainingPipeline(TrainConfig config, Listener listener) {
    this.config = config;
    this.listener = listener;
  }

  /**
   * Runs in {@code out}: continues its last checkpoint if {@code resume} and there is one, else
   * starts afresh, from {@code warmStart} when given (the policy and its critic), else from the
   * warm-up. {@code markFresh} marks the directory as this run's before a fresh start writes.
   */
  public Outcome run(Path out, boolean resume, Optional<PolicyFile> warmStart, Runnable markFresh) {
    RlConfig rl = config.rl();
    RlTrainer trainer = new RlTrainer(rl, listener, clusters(), config.runPlacement());
    if (resume && config.objective() == Objective.JCT && OnPolicyTrainer.directory(out).current().isPresent()) {
      throw new InputException("--resume continues actor-critic runs only; this jct run starts over with --force");
    }
    if (resume && RlTrainer.hasCheckpoint(out)) {
      RlTrainer.Resumption run = trainer.prepareResume(out, Optional.of(config.policy())); // every check before any progress
      if (config.placement().equals(InterferenceAware.NAME)) {
        // it places by what it measured in the episode's slots so far, which no checkpoint keeps
        throw new InputException("--resume: tasks placed by " + InterferenceAware.NAME + " cannot continue as they began, since "
            + "it learns from every slot and checkpoints do not keep what it learnt; start over with --force");
      }
      return finish(rl, out, rl(() -> trainer.resume(run)));
    }
    if (resume) {
      listener.notice(out + " holds no checkpoint yet: starting the run from the beginning");
    }
    markFresh.run();
    TrainConfigFile.write(config, out);
    RlTrainer.clearCheckpoints(out); // a fresh start: no checkpoint of an earlier run may be resumed into it
    if (!resume) {
      clearWarmUp(out.resolve("sl"));
    }
    Optional<Mlp> start = Optional.empty();
    Optional<Mlp> startValue = Optional.empty();
    if (warmStart.isPresent()) {
      start = Optional.of(warmStart.get().policy().network());
      startValue = criticFrom(warmStart.get(), rl);
    } else if (config.warmUpSteps() > 0) {
      start = Optional.of(warmUp(out.resolve("sl"), resume));
    }
    Optional<Mlp> policy = start;
    Optional<Mlp> value = startValue;
    if (config.objective() == Objective.JCT) {
      Mlp network = start.orElseGet(() -> new Mlp(config.policy().policySpec(),
          new Rng(Rng.derive(config.seed(), SeedStream.RL_POLICY_INIT))));
      SpeedMemory memory = warmStart.map(PolicyFile::speeds).orElse(SpeedMemory.EMPTY);
      return finish(rl, out, rl(() -> new OnPolicyTrainer(config.jct(), listener, clusters(), config.runPlacement())
          .run(config.policy(), network, memory, out)));
    }
    return finish(rl, out, rl(() -> trainer.run(config.policy(), policy, value, out)));
  }

  private List<RlPoint> rl(Supplier<List<RlPoint>> training) {
    listener.rlStarted(config.steps());
    try {
      return training.get();
    } finally {
      listener.rlDone();
    }
  }

  private Outcome finish(RlConfig rl, Path out, List<RlPoint> curve) {
    RlPoint best = curve.stream().min(Comparator.comparingDouble(RlPoint::validationJct)).orElseThrow();
    Evaluation test = Evaluation.generated(config.preset(), SimulationConfig.of(config.preset()), FittedOptimusSpeed.INSTANCE,
        config.seed(), TraceSet.TEST, config.validationTraces(), SchedulerCatalog.baselines(0));
    boolean oracle = config.objective() == Objective.MARGINAL && rl.reward().usesOracle();
    return new Outcome(curve, best, TestEvaluation.run(test, config.rewardName(), oracle, config.placement(), config.threads(),
        out, best.validationJct()));
  }

  /** The preset's simulated clusters, on which the agents train (without dry runs) and validation runs, under {@link TrainConfig#runPlacement()}. */
  private SimulatedClusters clusters() {
    return config.clusters();
  }

  /**
   * The warm-up's best policy: a finished warm-up of these settings in {@code dir} (left by a run
   * resumed before its first RL checkpoint) is reused, anything else is trained afresh.
   */
  private Mlp warmUp(Path dir, boolean resume) {
    if (resume && SupervisedWarmup.finished(dir) && reusable(dir)) {
      return PolicyFile.load(dir.resolve(SupervisedWarmup.BEST)).policy().network();
    }
    listener.warmUpStarted(config.warmUpSteps());
    try {
      new SupervisedWarmup(config.warmUp(), new SupervisedListener() {
        @Override
        public void stepped(long step, double loss) {
          listener.warmUpStepped(step);
        }
      }, clusters(), config.runPlacement()).run(dir);
    } finally {
      listener.warmUpDone();
    }
    return PolicyFile.load(dir.resolve(SupervisedWarmup.BEST)).policy().network();
  }

  private boolean reusable(Path dir) {
    PolicyFile done = PolicyFile.load(dir.resolve(SupervisedWarmup.BEST));
    TrainingInfo info = done.training();
    long steps = PolicyFile.load(dir.resolve(SupervisedWarmup.FINAL)).training().step();
    return done.settings().equals(config.policy()) && info.teacher().equals(config.teacher()) && info.seed() == config.seed()
        && info.trainedPlacement().equals(config.placement())
        && info.preset().equals(config.preset().name()) && steps == config.warmUpSteps();
  }

  private static void clearWarmUp(Path dir) {
    try {
      SupervisedWarmup.directory(dir).clear();
    } catch (IOException e) {
      throw new InputException("cannot remove the earlier warm-up in " + dir + ": " + OutputPaths.reason(e));
    }
  }

  /** The warm-start file's critic, when it has one of the shape this run's baseline needs. */
  private static Optional<Mlp> criticFrom(PolicyFile file, RlConfig rl) {
    MlpSpec wanted = file.settings().valueSpec(rl.update().baseline() == Baseline.JOB_CRITIC);
    return file.value().map(NetworkState::network).filter(v -> v.spec().equals(wanted));
  }
}
