package dl2.experiment;

import dl2.io.InputException;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.NoContentionBound;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Mean average JCT of baselines and policies on a preset's generated traces of one set (test for
 * every reported number; validation for levels drawn on validation curves), with the seeds
 * {@code dl2 compare} uses (simulator seed per trace, Optimus seed stream 0x0971), on the default
 * speed model, optionally with speed noise ε_s.
 */
public final class Evaluator {
  private static final long OPTIMUS_SEED_STREAM = 0x0971;
  private static final long DECODING_SEED_STREAM = 0xDEC0;

  private final long seed;
  private final int threads;
  private final SimulationConfig config;
  private final List<Trace> traces;
  private final TraceSet set;

  /** Evaluations on {@code traceCount} generated traces of {@code set}. */
  public Evaluator(Preset preset, long seed, TraceSet set, int traceCount, int threads, double speedNoise) {
    this(preset, seed, set, set == TraceSet.TEST ? TraceSets.test(preset, seed, traceCount)
        : TraceSets.validation(preset, seed, traceCount), threads, speedNoise);
  }

  /**
   * Evaluations on given traces (e.g. converted real traces) on the preset's cluster, with the
   * simulator seeds {@code compare} gives trace files (the validation stream).
   */
  public Evaluator(Preset preset, long seed, List<Trace> traces, int threads, double speedNoise) {
    this(preset, seed, TraceSet.VALIDATION, traces, threads, speedNoise);
  }

  /** Evaluations on {@code traceCount} validation traces (the learning curve's own, as {@code CurveLevels} needs). */
  public Evaluator(Preset preset, long seed, int traceCount, int threads, double speedNoise) {
    this(preset, seed, TraceSet.VALIDATION, traceCount, threads, speedNoise);
  }

  private Evaluator(Preset preset, long seed, TraceSet set, List<Trace> traces, int threads, double speedNoise) {
    this.set = set;
    this.seed = seed;
    this.threads = threads;
    this.config = SimulationConfig.of(preset).withSpeedNoise(speedNoise);
    this.traces = List.copyOf(traces);
      }

  /** Evaluations on the preset's first {@code traceCount} test traces, seeded as {@code compare} seeds them. */
  public static Evaluator onTestTraces(Preset preset, long seed, int traceCount, int threads) {
    return new Evaluator(preset, seed, TraceSet.TEST, traceCount, threads, 0);
  }

  /** Mean over the traces of the no-contention lower bound (every job alone at its best configuration). */
  public double lowerBound() {
    return IntStream.range(0, traces.size())
        .mapToDouble(i -> NoContentionBound.averageJct(traces.get(i), config, FittedOptimusSpeed.INSTANCE, simulatorSeed(i)))
        .average().orElseThrow();
  }

  /** Whether {@code name} is a baseline of this build (optimus-fitted may not be). */
  public static boolean hasBaseline(String name) {
    try {
      Schedulers.baseline(name, 0, 0);
      return true;
    } catch (InputException e) {
      return false;
    }
  }

  public double baseline(String name) {
    return BatchRunner.meanAverageJct(baselineRuns(name));
  }

  /** The baseline's result on each trace, in trace order. */
  public List<SimulationResult> baselineRuns(String name) {
    return BatchRunner.run(config, FittedOptimusSpeed.INSTANCE, traces,
        i -> Schedulers.baseline(name, 0, Rng.derive(seed, OPTIMUS_SEED_STREAM, i)), this::simulatorSeed, threads);
  }

  /** A scheduler that is not a named baseline (e.g. a candidate variant), fresh for every trace. */
  public double scheduler(Supplier<Scheduler> fresh) {
    return BatchRunner.meanAverageJct(BatchRunner.run(config, FittedOptimusSpeed.INSTANCE, traces, i -> fresh.get(),
        this::simulatorSeed, threads));
  }

  /** The policy with greedy decoding, as validation runs it. */
  public double policy(PolicyFile policy) {
    return BatchRunner.meanAverageJct(policyRuns(policy));
  }

  /** The greedy policy's result on each trace, in trace order. */
  public List<SimulationResult> policyRuns(PolicyFile policy) {
    return PolicyEvaluation.run(policy, SimulatedClusters.of(config, FittedOptimusSpeed.INSTANCE), traces, this::simulatorSeed,
        Decoding.GREEDY,
        Rng.derive(seed, DECODING_SEED_STREAM), threads);
  }

  private long simulatorSeed(int index) {
    return TraceSets.simulatorSeed(seed, set, 0, index);
  }
}
