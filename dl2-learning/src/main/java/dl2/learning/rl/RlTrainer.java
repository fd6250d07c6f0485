package dl2.learning.rl;

import dl2.io.OutputPaths;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Adam;
import dl2.learning.nn.KernelThreads;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.ParamSet;
import dl2.learning.replay.PlainReplay;
import dl2.learning.replay.PrioritisedReplay;
import dl2.learning.replay.PrioritisedReplayConfig;
import dl2.learning.replay.Replay;
import dl2.learning.replay.Transition;
import dl2.learning.run.RunBudget;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.simulation.SimulatedClusters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * DL2's actor-critic training (dl2-spec §7.11). Synchronous (default): every step, each of the K
 * agents collects slots until it can form a batch and computes its gradients with the current
 * weights; the learner averages them in agent order, takes one Adam step per network and broadcasts
 * the weights. Agents run in parallel threads and the result is bit-identical for a fixed seed and
 * agent count, whatever the thread count. Asynchronous: each agent's gradients are applied as they
 * arrive and only that agent gets the new weights (not reproducible).
 */
public final class RlTrainer {
  final RlConfig config;
  final RunBudget budget;
  final ActorCritic knobs;
  private final RlListener listener;
  private final SimulatedClusters training;
  private final SimulatedClusters validation;
  final RunPlacement placement;

  /** Trains and validates on the preset's simulated clusters. */
  public RlTrainer(RlConfig config, RlListener listener) {
    this(config, listener, SimulatedClusters.of(config.budget().preset()), RunPlacement.SLOT);
  }

  /** Trains and validates on {@code clusters}, tasks placed by {@code placement}. */
  public RlTrainer(
      RlConfig config, RlListener listener, SimulatedClusters clusters, RunPlacement placement) {
    this(config, listener, clusters, clusters, placement);
  }

  /**
   * Agents train on {@code training} (e.g. the analytical speed model for OfflineRL); validation
   * runs on {@code validation}; in both, tasks go where {@code placement} says.
   */
  public RlTrainer(
      RlConfig config,
      RlListener listener,
      SimulatedClusters training,
      SimulatedClusters validation,
      RunPlacement placement) {
    this.config = config;
    this.budget = config.budget();
    this.knobs = config.actorCritic();
    this.listener = listener;
    this.placement = placement;
    // The agents' clusters answer no dry runs: DL2 learns from what a cluster measures. Only a
    // reward named as an oracle gets the simulator's true speeds.
    SimulatedClusters observed = training.withoutDryRuns();
    this.training = knobs.reward().usesOracle() ? observed.withSpeedOracle() : observed;
    this.validation = validation;
  }

  /**
   * Trains from {@code start} (a warm-up policy, or a fresh network if empty) and writes
   * best.policy, final.policy and rl-curve.csv into {@code outDir}.
   */
  public List<RlPoint> run(PolicySettings settings, Optional<Mlp> start, Path outDir) {
    return run(settings, start, Optional.empty(), outDir);
  }

  /**
   * Like {@link #run(PolicySettings, Optional, Path)}, also starting the critic from {@code
   * startValue} when given (fine-tuning a trained policy: a fresh critic's first advantages are
   * noise large enough to undo the policy before the critic catches up).
   */
  public List<RlPoint> run(
      PolicySettings settings, Optional<Mlp> start, Optional<Mlp> startValue, Path outDir) {
    Mlp policy =
        start.orElseGet(
            () ->
                new Mlp(
                    settings.policySpec(),
                    new Rng(Rng.derive(budget.seed(), SeedStream.RL_POLICY_INIT))));
    Mlp value =
        startValue.orElseGet(
            () ->
                new Mlp(
                    settings.valueSpec(knobs.update().baseline() == Baseline.JOB_CRITIC),
                    new Rng(Rng.derive(budget.seed(), SeedStream.RL_VALUE_INIT))));
    Learner learner =
        new Learner(
            policy,
            new Adam(policy, knobs.learningRate()),
            value,
            new Adam(value, knobs.learningRate()),
            knobs.update().baseline().usesCritic());
    List<Agent> agents = agents(settings, learner);
    clearCheckpoints(outDir);
    Checkpoints checkpoints =
        new Checkpoints(config, settings, validation, placement, outDir, listener);
    return train(learner, agents, checkpoints, 0);
  }

  /** Removes the checkpoints of an earlier run in {@code outDir} (a fresh start). */
  public static void clearCheckpoints(Path outDir) {
    try {
      Checkpoints.directory(outDir).clear();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot clear the earlier checkpoints in " + outDir + ": " + OutputPaths.reason(e), e);
    }
  }

  /** Whether {@code outDir} holds a checkpoint to resume from. */
  public static boolean hasCheckpoint(Path outDir) {
    return Checkpoints.directory(outDir).current().isPresent();
  }

  /**
   * Continues a synchronous run in {@code outDir} from its last checkpoint (final.policy and
   * resume.state) up to {@code budget.steps()}, exactly as if it had never stopped.
   */
  public List<RlPoint> resume(Path outDir) {
    return resume(prepareResume(outDir, Optional.empty()));
  }

  /**
   * Reads and checks the last checkpoint of the run in {@code outDir}, without training: its policy
   * settings must equal {@code expected} (the command's) when given, its placement this run's
   * ({@code --placement}), the critic must fit this run's baseline, and resume.state must match the
   * settings and the policy's step. Every problem is a one-line InputException.
   */
  public Resumption prepareResume(Path outDir, Optional<PolicySettings> expected) {
    return Resumption.read(this, outDir, expected);
  }

  /**
   * Continues a run read by {@link #prepareResume} up to {@code budget.steps()}, exactly as if it
   * had never stopped.
   */
  public List<RlPoint> resume(Resumption run) {
    Checkpoints checkpoints =
        new Checkpoints(config, run.settings, validation, placement, run.outDir, listener);
    checkpoints.restore(run.header.bestJct(), run.header.rows());
    return train(run.learner, run.agents, checkpoints, run.header.step());
  }

  List<Agent> agents(PolicySettings settings, Learner learner) {
    List<Agent> agents = new ArrayList<>();
    for (int k = 0; k < knobs.agents(); k++) {
      agents.add(
          new Agent(
              k,
              config,
              settings,
              training,
              placement,
              replay(),
              learner.policy(),
              learner.value()));
    }
    return agents;
  }

  private List<RlPoint> train(
      Learner learner, List<Agent> agents, Checkpoints checkpoints, long done) {
    int threads = knobs.synchronous() ? Math.min(budget.threads(), knobs.agents()) : knobs.agents();
    // threads the agents leave idle share the learner's batch kernels (results do not depend on it)
    KernelThreads.use(Math.max(1, budget.threads() / knobs.agents()));
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "dl2-agent");
              t.setDaemon(true);
              return t;
            });
    try {
      if (knobs.synchronous()) {
        runSynchronous(pool, agents, learner, checkpoints, done);
      } else {
        runAsynchronous(pool, agents, learner, checkpoints);
      }
      checkpoints.finish();
    } finally {
      pool.shutdownNow();
      checkpoints.abandon();
    }
    return checkpoints.curve();
  }

  private void runSynchronous(
      ExecutorService pool,
      List<Agent> agents,
      Learner learner,
      Checkpoints checkpoints,
      long done) {
    for (long step = done + 1; step <= budget.steps(); step++) {
      long current = step;
      List<Future<UpdateResult>> futures = new ArrayList<>();
      for (Agent agent : agents) {
        futures.add(
            pool.submit(
                () -> {
                  agent.collect();
                  return agent.update(current);
                }));
      }
      List<UpdateResult> results = new ArrayList<>();
      for (Future<UpdateResult> f : futures) {
        results.add(await(f));
      }
      learner.apply(results);
      ParamSet policyWeights = learner.policy().parameters();
      ParamSet valueWeights = learner.value().parameters();
      agents.forEach(a -> a.load(policyWeights, valueWeights));
      checkpoints.afterStep(step, results, learner, agents);
    }
  }

  private void runAsynchronous(
      ExecutorService pool, List<Agent> agents, Learner learner, Checkpoints checkpoints) {
    Object lock = new Object();
    long[] step = {0};
    List<Future<?>> futures = new ArrayList<>();
    for (Agent agent : agents) {
      futures.add(
          pool.submit(
              () -> {
                while (true) {
                  long next;
                  synchronized (lock) {
                    if (step[0] >= budget.steps()) {
                      return;
                    }
                    agent.load(learner.policy().parameters(), learner.value().parameters());
                    next = step[0] + 1;
                  }
                  agent.collect();
                  UpdateResult result = agent.update(next);
                  synchronized (lock) {
                    if (step[0] >= budget.steps()) {
                      return;
                    }
                    learner.apply(List.of(result));
                    step[0]++;
                    checkpoints.afterStep(step[0], List.of(result), learner, agents);
                  }
                }
              }));
    }
    futures.forEach(RlTrainer::await);
  }

  private Replay<Transition> replay() {
    int capacity = knobs.replayCapacity();
    return knobs.replay() == ReplayKind.PRIORITISED
        ? new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(capacity))
        : new PlainReplay<>(capacity);
  }

  /** The future's result; a failure is rethrown unchecked, as it was thrown where possible. */
  static <T> T await(Future<T> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during training", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    }
  }
}
