package dl2.learning.onpolicy;

import dl2.io.AtomicFiles;
import dl2.io.CheckpointDirectory;
import dl2.io.OutputPaths;
import dl2.learning.env.RunPlacement;
import dl2.learning.env.SlotEnvironment;
import dl2.learning.file.LearningCurve;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.Adam;
import dl2.learning.nn.KernelThreads;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.NetworkState;
import dl2.learning.policy.Decoding;
import dl2.learning.policy.NeuralPolicy;
import dl2.learning.policy.PolicyScheduler;
import dl2.learning.rl.Jct;
import dl2.learning.rl.RlListener;
import dl2.learning.rl.RlPoint;
import dl2.learning.run.RunBudget;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.speeds.SpeedMemory;
import dl2.lengths.LengthPosterior;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationResult;
import dl2.simulation.SlotOutcome;
import dl2.slot.Scheduler;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * On-policy training with the JCT-aligned reward. Each iteration: K rollouts of one training trace
 * with sampled decoding, each scored slot by slot by minus the jobs outstanding (so the return is
 * minus the total time in the system, JCT summed); the advantage of a slot's decisions is its
 * return-to-go less the rollouts' mean at that slot (the input-dependent baseline), scaled to unit
 * spread; then {@code epochs} passes of PPO's clipped update. Every {@code validateEvery}
 * iterations the greedy policy runs on the validation traces and a checkpoint is written
 * (final.policy, best.policy, rl-curve.csv, as the actor-critic trainer writes them). Everything
 * comes from what the cluster reports (the agents' clusters answer no dry runs); results depend
 * only on the seed, never on the thread count.
 */
public final class OnPolicyTrainer {
  static final String BEST = "best.policy";
  static final String FINAL = "final.policy";
  static final String CURVE = "rl-curve.csv";

  private final RunBudget budget;
  private final Jct jct;
  private final RlListener listener;
  private final SimulatedClusters observed;
  private final SimulatedClusters validation;
  private final RunPlacement placement;
  private final List<Trace> training;
  private final List<Trace> validationTraces;
  private final Optional<LengthPosterior> lengthPrior;

  /**
   * Trains on {@code clusters} (without their dry runs) and validates on them, tasks placed by
   * {@code placement}.
   */
  public OnPolicyTrainer(
      OnPolicyConfig config,
      RlListener listener,
      SimulatedClusters clusters,
      RunPlacement placement) {
    this.budget = config.budget();
    this.jct = config.jct();
    this.listener = listener;
    this.placement = placement;
    this.observed = clusters.withoutDryRuns();
    this.validation = clusters;
    this.training = budget.trainingSet(0);
    this.validationTraces = budget.validationSet();
    this.lengthPrior = budget.lengthPrior();
  }

  /** The checkpoints of a run in {@code outDir}. */
  public static CheckpointDirectory directory(Path outDir) {
    return new CheckpointDirectory(outDir, List.of(BEST, FINAL, CURVE), List.of());
  }

  /**
   * Trains {@code start} (a copy) and writes the checkpoints into {@code outDir}; returns the
   * learning curve.
   */
  public List<RlPoint> run(PolicySettings settings, Mlp start, SpeedMemory memory, Path outDir) {
    KernelThreads.use(budget.threads());
    Mlp policy = Mlp.of(start.spec(), start.parameters());
    Adam adam = new Adam(policy, jct.learningRate());
    CheckpointDirectory checkpoints = directory(outDir);
    clear(checkpoints, outDir);
    LearningCurve curve = new LearningCurve(RlPoint.COLUMNS);
    List<RlPoint> points = new ArrayList<>();
    double best = Double.POSITIVE_INFINITY;
    TrainingStatistics statistics = new TrainingStatistics();
    for (int i = 1; i <= budget.steps(); i++) {
      iterate(i, settings, policy, adam, memory, statistics);
      listener.stepped(i);
      if (i % budget.validateEvery() != 0 && i != budget.steps()) {
        continue;
      }
      List<SimulationResult> runs =
          PolicyEvaluation.run(
              settings,
              policy.parameters(),
              memory,
              validation,
              placement,
              validationTraces,
              t -> TraceSets.simulatorSeed(budget.seed(), TraceSet.VALIDATION, 0, t),
              Decoding.GREEDY,
              budget.seed(),
              budget.threads(),
              () -> RunBudget.belief(lengthPrior));
      RlPoint point =
          new RlPoint(
              i,
              BatchRunner.meanAverageJct(runs),
              BatchRunner.meanMakespan(runs),
              statistics.meanReward(),
              statistics.meanEntropy(),
              statistics.meanLoss(),
              0);
      statistics = new TrainingStatistics();
      points.add(point);
      curve.append(point.values());
      boolean isBest = point.validationJct() < best;
      best = Math.min(best, point.validationJct());
      write(
          checkpoints,
          i,
          policyFile(settings, policy, adam, i, memory).bytes(),
          isBest,
          curve.text());
      listener.validated(point, isBest);
    }
    return points;
  }

  private void iterate(
      int i,
      PolicySettings settings,
      Mlp policy,
      Adam adam,
      SpeedMemory memory,
      TrainingStatistics statistics) {
    int traceIndex = (i - 1) % training.size();
    Trace trace = training.get(traceIndex);
    long worldSeed = TraceSets.simulatorSeed(budget.seed(), TraceSet.TRAINING, 0, traceIndex);
    int horizon = jct.horizon(i);
    List<Callable<Trajectory>> tasks = new ArrayList<>();
    for (int k = 0; k < jct.rollouts(); k++) {
      long actingSeed = Rng.derive(budget.seed(), SeedStream.ONPOLICY_ACTING, i, k);
      tasks.add(
          () ->
              trajectory(
                  settings,
                  Mlp.of(policy.spec(), policy.parameters()),
                  memory,
                  trace,
                  worldSeed,
                  horizon,
                  new Rng(actingSeed)));
    }
    List<Trajectory> trajectories = BatchRunner.inOrder(tasks, budget.threads());
    double[][] advantages = InputDrivenBaseline.advantages(trajectories);
    List<Sample> samples = new ArrayList<>();
    List<Double> sampleAdvantages = new ArrayList<>();
    for (int k = 0; k < trajectories.size(); k++) {
      List<List<Sample>> slots = trajectories.get(k).slots();
      for (int t = 0; t < slots.size(); t++) {
        for (Sample sample : slots.get(t)) {
          samples.add(sample);
          sampleAdvantages.add(advantages[k][t]);
        }
      }
      statistics.reward(
          trajectories.get(k).total() / Math.max(1, trajectories.get(k).rewards().length));
    }
    double[] normalised = PpoUpdate.normalise(sampleAdvantages);
    PpoUpdate.update(
        jct,
        policy,
        adam,
        samples,
        normalised,
        new Rng(Rng.derive(budget.seed(), SeedStream.ONPOLICY_BATCHES, i)),
        statistics);
  }

  /**
   * One sampled run of {@code trace} for at most {@code horizon} slots, DL2's slot step under the
   * run's placement.
   */
  private Trajectory trajectory(
      PolicySettings settings,
      Mlp network,
      SpeedMemory memory,
      Trace trace,
      long worldSeed,
      int horizon,
      Rng rng) {
    SlotEnvironment environment = new SlotEnvironment(observed);
    environment.reset(trace, worldSeed);
    List<List<Sample>> slots = new ArrayList<>();
    Scheduler step =
        placement.apply(
            new PolicyScheduler(
                "dl2",
                settings.observer(observed.config().taskCap(), RunBudget.belief(lengthPrior)),
                new NeuralPolicy(network),
                (observation, q) -> Decoding.SAMPLED.choose(q, rng),
                (observation, q, action, stop) ->
                    slots
                        .get(slots.size() - 1)
                        .add(
                            new Sample(observation.state(), observation.mask(), action, q[action])),
                settings.startOfSlotBundle(),
                new MeasuredSpeeds(memory)));
    List<Double> rewards = new ArrayList<>();
    while (!environment.done() && slots.size() < horizon) {
      slots.add(new ArrayList<>());
      SlotOutcome outcome = environment.step(step);
      rewards.add((double) -outcome.outstanding());
    }
    return new Trajectory(slots, rewards.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private PolicyFile policyFile(
      PolicySettings settings, Mlp policy, Adam adam, long step, SpeedMemory memory) {
    TrainingInfo info =
        new TrainingInfo(
            "rl",
            step,
            budget.preset().name(),
            "",
            budget.seed(),
            budget.validationTraces(),
            Jct.REWARD,
            placement.recorded());
    return new PolicyFile(
        settings, info, new NetworkState("policy", policy, adam), Optional.empty(), memory);
  }

  private static void write(
      CheckpointDirectory directory, long step, byte[] policy, boolean best, String curve) {
    try {
      CheckpointDirectory.Checkpoint checkpoint = directory.begin(step);
      AtomicFiles.write(checkpoint.file(FINAL), policy);
      AtomicFiles.writeString(checkpoint.file(CURVE), curve);
      if (best) {
        AtomicFiles.write(checkpoint.file(BEST), policy);
      } else {
        checkpoint.keep(BEST);
      }
      checkpoint.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write checkpoint "
              + step
              + " into "
              + directory.dir()
              + ": "
              + OutputPaths.reason(e),
          e);
    }
  }

  private static void clear(CheckpointDirectory directory, Path outDir) {
    try {
      directory.clear();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot clear the earlier checkpoints in " + outDir + ": " + OutputPaths.reason(e), e);
    }
  }
}
