package dl2.learning.sl;

import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.nn.Mlp;
import dl2.learning.policy.Decoding;
import dl2.learning.run.RunBudget;
import dl2.learning.speeds.SpeedMemory;
import dl2.learning.state.Observer;
import dl2.lengths.LengthPosterior;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationResult;
import dl2.simulation.StarvedRunException;
import dl2.slot.Scheduler;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * The fixed validation: the teacher's JCT once, then the policy's JCT and imitation at each call.
 */
final class WarmupValidation {
  /** Recorded teacher decisions the imitation accuracy is measured on. */
  private static final int IMITATION_SAMPLES = 4096;

  private final SupervisedConfig config;
  private final SimulatedClusters clusters;
  private final RunPlacement placement;
  private final List<Trace> traces;
  private final long seed;
  private final Optional<LengthPosterior> lengthPrior;
  final double teacherJct;
  private final ImitationSet imitation;

  /**
   * Validation on {@code traces} (simulator seeds from {@code seed}) against the teacher that
   * {@code teacher} makes for a seed, with the warm-up's observer.
   */
  WarmupValidation(
      SupervisedConfig config,
      SimulatedClusters clusters,
      RunPlacement placement,
      Observer observer,
      LongFunction<Scheduler> teacher,
      List<Trace> traces,
      long seed) {
    this.config = config;
    this.clusters = clusters;
    this.placement = placement;
    this.traces = traces;
    this.seed = seed;
    this.lengthPrior = config.budget().lengthPrior();
    List<SimulationResult> teacherRuns =
        clusters.run(
            traces,
            i ->
                placement.apply(teacher.apply(Rng.derive(seed, SeedStream.WARMUP_TEACHER, -1 - i))),
            this::simulatorSeed,
            config.budget().threads());
    this.teacherJct = BatchRunner.meanAverageJct(teacherRuns);
    TeacherSlot rules =
        new TeacherSlot(
            config.splitBundles(),
            false,
            config.labels().slotStartBundle(),
            config.labels().stopLabels());
    this.imitation =
        ImitationSet.record(
            traces,
            clusters,
            placement,
            i -> teacher.apply(Rng.derive(seed, SeedStream.WARMUP_TEACHER, -1 - i)),
            observer,
            rules,
            IMITATION_SAMPLES,
            Rng.derive(seed, SeedStream.WARMUP_IMITATION));
  }

  private long simulatorSeed(int i) {
    return TraceSets.simulatorSeed(seed, TraceSet.VALIDATION, 0, i);
  }

  private List<SimulationResult> run(Mlp policy, Decoding decoding) {
    return PolicyEvaluation.run(
        config.policy(),
        policy.parameters(),
        SpeedMemory.EMPTY,
        clusters,
        placement,
        traces,
        this::simulatorSeed,
        decoding,
        Rng.derive(seed, SeedStream.WARMUP_DECODING),
        config.budget().threads(),
        () -> RunBudget.belief(lengthPrior));
  }

  ValidationPoint validate(Mlp policy, long step, double trainLoss) {
    List<SimulationResult> greedy;
    try {
      greedy = run(policy, Decoding.GREEDY);
    } catch (StarvedRunException starved) {
      // without the start-of-slot bundle an early policy may admit no job: a point, never the best
      double never = Double.POSITIVE_INFINITY;
      return new ValidationPoint(
          step,
          trainLoss,
          never,
          never,
          Double.NaN,
          teacherJct,
          imitation.accuracy(policy),
          imitation.crossEntropy(policy, config.batchSize()));
    }
    double sampled =
        config.sampledValidation()
            ? BatchRunner.meanAverageJct(run(policy, Decoding.SAMPLED))
            : Double.NaN;
    return new ValidationPoint(
        step,
        trainLoss,
        BatchRunner.meanAverageJct(greedy),
        BatchRunner.meanMakespan(greedy),
        sampled,
        teacherJct,
        imitation.accuracy(policy),
        imitation.crossEntropy(policy, config.batchSize()));
  }
}
