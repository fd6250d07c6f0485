package dl2.learning.rl;

import dl2.io.CheckpointDirectory;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.LearningCurve;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.TrainingInfo;
import dl2.learning.nn.NetworkState;
import dl2.learning.nn.ParamSet;
import dl2.learning.policy.Decoding;
import dl2.learning.run.RunBudget;
import dl2.learning.speeds.SpeedMemory;
import dl2.lengths.LengthPosterior;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationLimitException;
import dl2.simulation.SimulationResult;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Validation and checkpoints of an RL run (dl2-spec §7.12): every {@code validateEvery} steps and
 * after the last, the greedy policy runs on the fixed validation traces; the curve gets a row, a
 * checkpoint is written whole and switched in atomically ({@link CheckpointDirectory}): the curve,
 * final.policy, best.policy (the best validation JCT so far) and, for synchronous runs,
 * resume.state.
 *
 * <p>Why in the background: validation is a pure function of the step's weights, so it runs on a
 * copy while training continues, and the step's checkpoint (its state taken at the step) is
 * committed when the result is in. Files and curve are the same as if training had waited; a run
 * killed meanwhile resumes from the checkpoint before.
 */
final class Checkpoints {
  static final String BEST = "best.policy";
  static final String FINAL = "final.policy";
  static final String CURVE = "rl-curve.csv";

  private final RlConfig config;
  private final RunBudget budget;
  private final ActorCritic knobs;
  private final PolicySettings settings;
  private final SimulatedClusters clusters;
  private final RunPlacement placement;
  private final CheckpointDirectory directory;
  private final RlListener listener;
  private final List<Trace> validation;
  private final LearningCurve curve;
  private final Optional<LengthPosterior> lengthPrior;
  // validations and checkpoint writes, one at a time, in order
  private final ExecutorService background =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "dl2-checkpoints");
            t.setDaemon(true);
            return t;
          });
  private PendingCheckpoint pending;
  private Future<?> writing;
  private double bestJct = Double.POSITIVE_INFINITY;
  private double entropy;
  private double policyLoss;
  private double valueLoss;
  private int count;

  Checkpoints(
      RlConfig config,
      PolicySettings settings,
      SimulatedClusters clusters,
      RunPlacement placement,
      Path outDir,
      RlListener listener) {
    this.config = config;
    this.budget = config.budget();
    this.knobs = config.actorCritic();
    this.settings = settings;
    this.clusters = clusters;
    this.placement = placement;
    this.directory = directory(outDir);
    this.listener = listener;
    this.validation = knobs.extraTraces().validationOf(budget);
    this.curve = new LearningCurve(RlPoint.COLUMNS);
    this.lengthPrior = budget.lengthPrior();
  }

  /** The checkpoints of the run in {@code outDir}. */
  static CheckpointDirectory directory(Path outDir) {
    return new CheckpointDirectory(outDir, List.of(BEST, FINAL, CURVE), List.of(ResumeState.FILE));
  }

  /** Continues a run: the best JCT so far and the curve rows already written. */
  void restore(double best, List<double[]> rows) {
    bestJct = best;
    rows.forEach(curve::append);
  }

  void afterStep(long step, List<UpdateResult> results, Learner learner, List<Agent> agents) {
    for (UpdateResult r : results) {
      entropy += r.entropy();
      policyLoss += r.policyLoss();
      valueLoss += r.valueLoss();
      count++;
    }
    listener.stepped(step);
    if (writing != null && writing.isDone()) {
      RlTrainer.await(writing); // a failed write stops the run here, not at the end
      writing = null;
    }
    if (pending != null && pending.validated()) {
      finishPending();
    }
    if (step % budget.validateEvery() != 0 && step != budget.steps()) {
      return;
    }
    finishPending();
    boolean last = step == budget.steps();
    // one thread stays with training while a validation runs; the last has nothing to overlap with
    pending =
        begin(step, learner, agents, last ? budget.threads() : Math.max(1, budget.threads() - 1));
    if (last) {
      finish();
    }
  }

  /**
   * Takes checkpoint {@code step}'s state now (final.policy's bytes and the agents' resume state)
   * and starts its validation in the background, on a copy of the weights: training goes on
   * meanwhile, and {@link #finishPending()} completes it.
   */
  private PendingCheckpoint begin(long step, Learner learner, List<Agent> agents, int threads) {
    SpeedMemory memory =
        agents.get(0).speedMemory(); // what training measured; the policy file carries it
    ParamSet weights = learner.policy().parameters();
    double reward =
        agents.stream().mapToDouble(Agent::drainMeanSlotReward).average().orElse(Double.NaN);
    double[] statistics = {reward, entropy / count, policyLoss / count, valueLoss / count};
    entropy = 0;
    policyLoss = 0;
    valueLoss = 0;
    count = 0;
    byte[] policy = policyFile(learner, step, memory).bytes();
    byte[] resume = knobs.synchronous() ? ResumeState.agentsPart(agents) : null;
    Future<List<SimulationResult>> runs =
        background.submit(
            () ->
                starvedAsNull(
                    () ->
                        PolicyEvaluation.run(
                            settings,
                            weights,
                            memory,
                            clusters,
                            placement,
                            validation,
                            i -> TraceSets.simulatorSeed(budget.seed(), TraceSet.VALIDATION, 0, i),
                            Decoding.GREEDY,
                            Rng.derive(budget.seed(), SeedStream.RL_VALIDATION_DECODING),
                            threads,
                            () -> RunBudget.belief(lengthPrior))));
    return new PendingCheckpoint(step, statistics, policy, resume, runs);
  }

  /**
   * The validation runs, or null where the policy starved them: a policy that starts its slots from
   * 0/0 may, early on, admit no job (a point, never the best).
   */
  private static List<SimulationResult> starvedAsNull(
      java.util.concurrent.Callable<List<SimulationResult>> validation) throws Exception {
    try {
      return validation.call();
    } catch (SimulationLimitException starved) {
      return null;
    }
  }

  /**
   * Waits for the pending validation, if any, appends its curve row and has its checkpoint written
   * and committed in the background, after any earlier one.
   */
  private void finishPending() {
    if (pending == null) {
      return;
    }
    PendingCheckpoint done = pending;
    pending = null;
    List<SimulationResult> runs = done.awaitValidation();
    double[] s = done.statistics();
    double never = Double.POSITIVE_INFINITY;
    RlPoint point =
        new RlPoint(
            done.step(),
            runs == null ? never : BatchRunner.meanAverageJct(runs),
            runs == null ? never : BatchRunner.meanMakespan(runs),
            s[0],
            s[1],
            s[2],
            s[3]);
    curve.append(point.values());
    boolean best = point.validationJct() < bestJct || curve.rows().size() == 1; // one is kept
    if (best) {
      bestJct = point.validationJct();
    }
    String curveText = curve.text();
    double bestSoFar = bestJct;
    List<double[]> rows = List.copyOf(curve.rows());
    writing =
        background.submit(
            () -> {
              done.write(directory, config, settings, best, curveText, bestSoFar, rows);
              return null;
            });
    listener.validated(point, best);
  }

  /**
   * Completes every checkpoint begun: waits for its validation and for its files to be committed.
   */
  void finish() {
    finishPending();
    if (writing != null) {
      Future<?> last = writing;
      writing = null;
      RlTrainer.await(last);
    }
  }

  /**
   * After a failure: drops the validation still pending (its checkpoint is never committed) but
   * lets a checkpoint already validated finish writing, so that the run keeps every step it
   * completed.
   */
  void abandon() {
    if (pending != null) {
      pending.cancel();
      pending = null;
    }
    background.shutdown();
    if (writing != null) {
      try {
        writing.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException e) {
        // the run is failing already; its own error is the one to report
      }
      writing = null;
    }
  }

  List<RlPoint> curve() {
    return curve.rows().stream().map(RlPoint::of).toList();
  }

  private PolicyFile policyFile(Learner learner, long step, SpeedMemory memory) {
    TrainingInfo info =
        new TrainingInfo(
            "rl",
            step,
            budget.preset().name(),
            "",
            budget.seed(),
            budget.validationTraces(),
            knobs.rewardName(),
            placement.recorded());
    return new PolicyFile(
        settings,
        info,
        new NetworkState("policy", learner.policy(), learner.policyAdam()),
        Optional.of(new NetworkState("value", learner.value(), learner.valueAdam())),
        memory);
  }
}
