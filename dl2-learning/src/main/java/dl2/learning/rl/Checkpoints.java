package dl2.learning.rl;

import dl2.learning.Decoding;
import dl2.learning.LearningCurve;
import dl2.learning.PolicyEvaluation;
import dl2.learning.PolicyFile;
import dl2.learning.PolicySettings;
import dl2.learning.SpeedMemory;
import dl2.learning.TrainingInfo;
import dl2.learning.nn.NetworkState;
import dl2.model.AtomicFiles;
import dl2.model.CheckpointDirectory;
import dl2.model.OutputPaths;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationResult;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Validation and checkpoints of an RL run (dl2-spec §7.12): every {@code validateEvery} steps and
 * after the last, the greedy policy runs on the fixed validation traces; the curve gets a row,
 * a checkpoint is written whole and switched in atomically ({@link CheckpointDirectory}): the
 * curve, final.policy, best.policy (the best validation JCT so far) and, for synchronous runs,
 * resume.state.
 */
final class Checkpoints {
  static final String BEST = "best.policy";
  static final String FINAL = "final.policy";
  static final String CURVE = "rl-curve.csv";
  private static final long DECODING_STREAM = 32;

  private final RlConfig config;
  private final PolicySettings settings;
  private final SimulatedClusters clusters;
  private final CheckpointDirectory directory;
  private final RlListener listener;
  private final List<Trace> validation;
  private final LearningCurve curve;
  private double bestJct = Double.POSITIVE_INFINITY;
  private double entropy;
  private double policyLoss;
  private double valueLoss;
  private int count;

  Checkpoints(RlConfig config, PolicySettings settings, SimulatedClusters clusters, Path outDir, RlListener listener) {
    this.config = config;
    this.settings = settings;
    this.clusters = clusters;
    this.directory = directory(outDir);
    this.listener = listener;
    this.validation = java.util.stream.Stream.concat(TraceSets.validation(config.preset(), config.seed(),
        config.validationTraces()).stream(), config.extraTraces().validation().stream()).toList();
    this.curve = new LearningCurve(RlPoint.COLUMNS);
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

  double bestJct() {
    return bestJct;
  }

  List<double[]> rows() {
    return curve.rows();
  }

  void afterStep(long step, List<UpdateResult> results, Learner learner, List<Agent> agents) {
    for (UpdateResult r : results) {
      entropy += r.entropy();
      policyLoss += r.policyLoss();
      valueLoss += r.valueLoss();
      count++;
    }
    listener.stepped(step);
    if (step % config.validateEvery() != 0 && step != config.steps()) {
      return;
    }
    SpeedMemory memory = agents.get(0).speedMemory(); // what training measured; the policy file carries it
    List<SimulationResult> runs = PolicyEvaluation.run(settings, learner.policy().parameters(), memory, clusters, validation,
        i -> TraceSets.simulatorSeed(config.seed(), TraceSet.VALIDATION, 0, i), Decoding.GREEDY,
        Rng.derive(config.seed(), DECODING_STREAM), config.threads());
    double reward = agents.stream().mapToDouble(Agent::drainMeanSlotReward).average().orElse(Double.NaN);
    RlPoint point = new RlPoint(step, BatchRunner.meanAverageJct(runs), BatchRunner.meanMakespan(runs), reward,
        entropy / count, policyLoss / count, valueLoss / count);
    entropy = 0;
    policyLoss = 0;
    valueLoss = 0;
    count = 0;
    curve.append(point.values());
    boolean best = point.validationJct() < bestJct;
    if (best) {
      bestJct = point.validationJct();
    }
    checkpoint(learner, step, memory, best, agents);
    listener.validated(point, best);
  }

  private void checkpoint(Learner learner, long step, SpeedMemory memory, boolean best, List<Agent> agents) {
    try {
      CheckpointDirectory.Checkpoint checkpoint = directory.begin(step);
      AtomicFiles.writeString(checkpoint.file(CURVE), curve.text());
      if (best) {
        save(learner, step, memory, checkpoint.file(BEST));
      } else {
        checkpoint.keep(BEST);
      }
      save(learner, step, memory, checkpoint.file(FINAL));
      if (config.synchronous()) {
        ResumeState.save(checkpoint.file(ResumeState.FILE), config, settings, step, this, agents);
      }
      checkpoint.commit();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write checkpoint " + step + " into " + directory.dir() + ": "
          + OutputPaths.reason(e), e);
    }
  }

  List<RlPoint> curve() {
    return curve.rows().stream().map(RlPoint::of).toList();
  }

  private void save(Learner learner, long step, SpeedMemory memory, Path file) {
    TrainingInfo info = new TrainingInfo("rl", step, config.preset().name(), "", config.seed(), config.validationTraces(),
        config.rewardName());
    new PolicyFile(settings, info, new NetworkState("policy", learner.policy(), learner.policyAdam()),
        Optional.of(new NetworkState("value", learner.value(), learner.valueAdam())), memory).save(file);
  }
}
