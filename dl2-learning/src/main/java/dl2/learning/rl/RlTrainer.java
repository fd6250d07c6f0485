package dl2.learning.rl;

import dl2.learning.PolicyFile;
import dl2.learning.PolicySettings;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.nn.ParamSet;
import dl2.model.InputException;
import dl2.model.Rng;
import dl2.simulation.SimulatedClusters;
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
 * weights; the learner averages them in agent order, takes one Adam step per network and
 * broadcasts the weights. Agents run in parallel threads and the result is bit-identical for a
 * fixed seed and agent count, whatever the thread count. Asynchronous: each agent's gradients
 * are applied as they arrive and only that agent gets the new weights (not reproducible).
 */
public final class RlTrainer {
  private static final long POLICY_INIT_STREAM = 30;
  private static final long VALUE_INIT_STREAM = 31;

  private final RlConfig config;
  private final RlListener listener;
  private final SimulatedClusters training;
  private final SimulatedClusters validation;

  /** Trains and validates on the preset's simulated clusters. */
  public RlTrainer(RlConfig config, RlListener listener) {
    this(config, listener, SimulatedClusters.of(config.preset()));
  }

  /** Trains and validates on {@code clusters}. */
  public RlTrainer(RlConfig config, RlListener listener, SimulatedClusters clusters) {
    this(config, listener, clusters, clusters);
  }

  /**
   * Agents train on {@code training} (e.g. the analytical speed model for OfflineRL); validation
   * runs on {@code validation}.
   */
  public RlTrainer(RlConfig config, RlListener listener, SimulatedClusters training, SimulatedClusters validation) {
    this.config = config;
    this.listener = listener;
    // The agents' clusters answer no dry runs: DL2 learns from what a cluster measures. Only a
    // reward named as an oracle gets the simulator's true speeds.
    SimulatedClusters observed = training.withoutDryRuns();
    this.training = config.reward().usesOracle() ? observed.withSpeedOracle() : observed;
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
   * Like {@link #run(PolicySettings, Optional, Path)}, also starting the critic from
   * {@code startValue} when given (fine-tuning a trained policy: a fresh critic's first
   * advantages are noise large enough to undo the policy before the critic catches up).
   */
  public List<RlPoint> run(PolicySettings settings, Optional<Mlp> start, Optional<Mlp> startValue, Path outDir) {
    Mlp policy = start.orElseGet(() -> new Mlp(settings.policySpec(), new Rng(Rng.derive(config.seed(), POLICY_INIT_STREAM))));
    Mlp value = startValue.orElseGet(() -> new Mlp(settings.valueSpec(config.update().baseline() == Baseline.JOB_CRITIC),
        new Rng(Rng.derive(config.seed(), VALUE_INIT_STREAM))));
    Learner learner = new Learner(policy, new Adam(policy, config.learningRate()), value,
        new Adam(value, config.learningRate()), config.update().baseline().usesCritic());
    List<Agent> agents = agents(settings, learner);
    Checkpoints checkpoints = new Checkpoints(config, settings, validation, outDir, listener);
    return train(learner, agents, checkpoints, 0);
  }

  /**
   * Continues a synchronous run in {@code outDir} from its last checkpoint (final.policy and
   * resume.state) up to {@code config.steps()}, exactly as if it had never stopped.
   */
  public List<RlPoint> resume(Path outDir) {
    if (!config.synchronous()) {
      throw new InputException("only synchronous runs can be resumed (asynchronous runs are not reproducible)");
    }
    PolicyFile file = PolicyFile.load(outDir.resolve("final.policy"));
    NetworkState policy = file.policy();
    NetworkState value = file.value().orElseThrow(
        () -> InputException.inFile(outDir.resolve("final.policy").toString(), "has no value network to resume from"));
    Learner learner = new Learner(policy.network(), policy.optimizer(), value.network(), value.optimizer(),
        config.update().baseline().usesCritic());
    List<Agent> agents = agents(file.settings(), learner);
    ResumeState.Header header = ResumeState.load(outDir, config, agents);
    if (header.step() != file.training().step()) {
      throw InputException.inFile(outDir.toString(), "final.policy (step " + file.training().step()
          + ") and resume.state (step " + header.step() + ") disagree; the run stopped while checkpointing");
    }
    Checkpoints checkpoints = new Checkpoints(config, file.settings(), validation, outDir, listener);
    checkpoints.restore(header.bestJct(), header.rows());
    return train(learner, agents, checkpoints, header.step());
  }

  /**
   * After {@link #run} or {@link #resume}: the run's best and final checkpoints on the test traces
   * (never used for training or picking), next to reference heuristics; writes
   * {@code outDir/summary.json}.
   */
  public TestEvaluation.Result evaluateOnTest(Path outDir, double bestValidationJct) {
    return TestEvaluation.run(config, validation, outDir, bestValidationJct);
  }

  private List<Agent> agents(PolicySettings settings, Learner learner) {
    List<Agent> agents = new ArrayList<>();
    for (int k = 0; k < config.agents(); k++) {
      agents.add(new Agent(k, config, settings, training, replay(), learner.policy(), learner.value()));
    }
    return agents;
  }

  private List<RlPoint> train(Learner learner, List<Agent> agents, Checkpoints checkpoints, long done) {
    int threads = config.synchronous() ? Math.min(config.threads(), config.agents()) : config.agents();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "dl2-agent");
      t.setDaemon(true);
      return t;
    });
    try {
      if (config.synchronous()) {
        runSynchronous(pool, agents, learner, checkpoints, done);
      } else {
        runAsynchronous(pool, agents, learner, checkpoints);
      }
    } finally {
      pool.shutdownNow();
    }
    return checkpoints.curve();
  }

  private void runSynchronous(ExecutorService pool, List<Agent> agents, Learner learner, Checkpoints checkpoints, long done) {
    for (long step = done + 1; step <= config.steps(); step++) {
      long current = step;
      List<Future<UpdateResult>> futures = new ArrayList<>();
      for (Agent agent : agents) {
        futures.add(pool.submit(() -> {
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

  private void runAsynchronous(ExecutorService pool, List<Agent> agents, Learner learner, Checkpoints checkpoints) {
    Object lock = new Object();
    long[] step = {0};
    List<Future<?>> futures = new ArrayList<>();
    for (Agent agent : agents) {
      futures.add(pool.submit(() -> {
        while (true) {
          long next;
          synchronized (lock) {
            if (step[0] >= config.steps()) {
              return;
            }
            agent.load(learner.policy().parameters(), learner.value().parameters());
            next = step[0] + 1;
          }
          agent.collect();
          UpdateResult result = agent.update(next);
          synchronized (lock) {
            if (step[0] >= config.steps()) {
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
    int capacity = config.replayCapacity();
    return config.replay() == RlConfig.ReplayKind.PRIORITISED
        ? new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(capacity))
        : new PlainReplay<>(capacity);
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during training", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }
}
