package dl2.learning.rl;

import dl2.learning.Decoding;
import dl2.learning.LearningCurve;
import dl2.learning.PolicyEvaluation;
import dl2.learning.PolicyFile;
import dl2.learning.PolicySettings;
import dl2.learning.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.nn.ParamSet;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * DL2's actor-critic training (dl2-spec §7.11) in synchronous mode: every step, each of the K
 * agents collects slots until it can form a batch and computes its gradients with the current
 * weights; the learner averages them in agent order, takes one Adam step per network and
 * broadcasts the weights. Agents run in parallel threads, and the result is bit-identical for a
 * fixed seed and agent count whatever the thread count.
 */
public final class RlTrainer {
  private static final long VALUE_INIT_STREAM = 31;
  private static final long DECODING_STREAM = 32;

  private final RlConfig config;
  private final RlListener listener;
  private final SpeedModel trainingSpeed;
  private final SpeedModel validationSpeed;

  /** Trains and validates on the default speed model. */
  public RlTrainer(RlConfig config, RlListener listener) {
    this(config, listener, FittedOptimusSpeed.INSTANCE, FittedOptimusSpeed.INSTANCE);
  }

  /** Agents train on {@code trainingSpeed} (e.g. the analytical model for OfflineRL); validation uses {@code validationSpeed}. */
  public RlTrainer(RlConfig config, RlListener listener, SpeedModel trainingSpeed, SpeedModel validationSpeed) {
    this.config = config;
    this.listener = listener;
    this.trainingSpeed = trainingSpeed;
    this.validationSpeed = validationSpeed;
  }

  /**
   * Trains from {@code start} (a warm-up policy, or a fresh network if empty) and writes
   * best.policy, final.policy and rl-curve.csv into {@code outDir}.
   */
  public List<RlPoint> run(PolicySettings settings, Optional<Mlp> start, Path outDir) {
    Mlp policy = start.orElseGet(() -> new Mlp(settings.policySpec(), new Rng(Rng.derive(config.seed(), 30))));
    Mlp value = new Mlp(settings.valueSpec(), new Rng(Rng.derive(config.seed(), VALUE_INIT_STREAM)));
    Adam policyAdam = new Adam(policy, config.learningRate());
    Adam valueAdam = new Adam(value, config.learningRate());
    List<Agent> agents = new ArrayList<>();
    for (int k = 0; k < config.agents(); k++) {
      agents.add(new Agent(k, config, settings, trainingSpeed, replay(), policy, value));
    }
    SimulationConfig simulation = SimulationConfig.of(config.preset());
    List<Trace> validation = TraceSets.validation(config.preset(), config.seed(), config.validationTraces());
    LearningCurve curve = new LearningCurve(outDir.resolve("rl-curve.csv"), RlPoint.COLUMNS);
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(config.threads(), config.agents()), r -> {
      Thread t = new Thread(r, "dl2-agent");
      t.setDaemon(true);
      return t;
    });
    double bestJct = Double.POSITIVE_INFINITY;
    Stats stats = new Stats();
    try {
      for (long step = 1; step <= config.steps(); step++) {
        List<UpdateResult> results = round(pool, agents, step);
        apply(policy, policyAdam, results.stream().map(UpdateResult::policyGradient).toList());
        if (config.update().baseline() == Baseline.CRITIC) {
          apply(value, valueAdam, results.stream().map(UpdateResult::valueGradient).toList());
        }
        ParamSet policyWeights = policy.parameters();
        ParamSet valueWeights = value.parameters();
        agents.forEach(a -> a.load(policyWeights, valueWeights));
        stats.add(results);
        listener.stepped(step);
        if (step % config.validateEvery() == 0 || step == config.steps()) {
          List<SimulationResult> runs = PolicyEvaluation.run(settings, policyWeights, simulation, validationSpeed, validation,
              i -> TraceSets.simulatorSeed(config.seed(), TraceSet.VALIDATION, 0, i), Decoding.GREEDY,
              Rng.derive(config.seed(), DECODING_STREAM), config.threads());
          double reward = agents.stream().mapToDouble(Agent::drainMeanSlotReward).average().orElse(Double.NaN);
          RlPoint point = stats.point(step, BatchRunner.meanAverageJct(runs), BatchRunner.meanMakespan(runs), reward);
          curve.append(point.values());
          boolean best = point.validationJct() < bestJct;
          if (best) {
            bestJct = point.validationJct();
            save(settings, policy, policyAdam, value, valueAdam, step, outDir.resolve("best.policy"));
          }
          save(settings, policy, policyAdam, value, valueAdam, step, outDir.resolve("final.policy"));
          listener.validated(point, best);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return curve.rows().stream().map(RlPoint::of).toList();
  }

  private Replay<Transition> replay() {
    int capacity = config.replayCapacity();
    return config.replay() == RlConfig.ReplayKind.PRIORITISED ? new PrioritisedReplay<>(PrioritisedReplayConfig.defaults().withCapacity(capacity))
        : new PlainReplay<>(capacity);
  }

  /** Every agent collects and computes its gradients in parallel; results in agent order. */
  private static List<UpdateResult> round(ExecutorService pool, List<Agent> agents, long step) {
    List<Future<UpdateResult>> futures = new ArrayList<>();
    for (Agent agent : agents) {
      futures.add(pool.submit(() -> {
        agent.collect();
        return agent.update(step);
      }));
    }
    List<UpdateResult> results = new ArrayList<>();
    try {
      for (Future<UpdateResult> f : futures) {
        results.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during training", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
    return results;
  }

  private static void apply(Mlp network, Adam adam, List<ParamSet> gradients) {
    network.loadGradients(gradients.size() == 1 ? gradients.get(0) : ParamSet.average(gradients));
    adam.step();
  }

  private void save(PolicySettings settings, Mlp policy, Adam policyAdam, Mlp value, Adam valueAdam, long step, Path file) {
    TrainingInfo info = new TrainingInfo("rl", step, config.preset().name(), "", config.seed());
    new PolicyFile(settings, info, new NetworkState("policy", policy, policyAdam),
        Optional.of(new NetworkState("value", value, valueAdam))).save(file);
  }

  /** Means of the training statistics since the last validation. */
  private static final class Stats {
    private double entropy;
    private double policyLoss;
    private double valueLoss;
    private int count;

    void add(List<UpdateResult> results) {
      for (UpdateResult r : results) {
        entropy += r.entropy();
        policyLoss += r.policyLoss();
        valueLoss += r.valueLoss();
        count++;
      }
    }

    RlPoint point(long step, double jct, double makespan, double reward) {
      RlPoint p = new RlPoint(step, jct, makespan, reward, entropy / count, policyLoss / count, valueLoss / count);
      entropy = 0;
      policyLoss = 0;
      valueLoss = 0;
      count = 0;
      return p;
    }
  }
}
