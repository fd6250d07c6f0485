package dl2.experiment;

import dl2.learning.Decoding;
import dl2.learning.PolicyEvaluation;
import dl2.learning.PolicyFile;
import dl2.model.InputException;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.NoContentionBound;
import dl2.simulation.Scheduler;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
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

  /** Evaluations on given traces (e.g. converted real traces) on the preset's cluster. */
  public Evaluator(Preset preset, long seed, List<Trace> traces, int threads, double speedNoise) {
    this(preset, seed, TraceSet.TEST, traces, threads, speedNoise);
  }

  private Evaluator(Preset preset, long seed, TraceSet set, List<Trace> traces, int threads, double speedNoise) {
    this.set = set;
    this.seed = seed;
    this.threads = threads;
    this.config = SimulationConfig.of(preset).withSpeedNoise(speedNoise);
    this.traces = List.copyOf(traces);
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
    return BatchRunner.meanAverageJct(BatchRunner.run(config, FittedOptimusSpeed.INSTANCE, traces,
        i -> Schedulers.baseline(name, 0, Rng.derive(seed, OPTIMUS_SEED_STREAM, i)), this::simulatorSeed, threads));
  }

  /** A scheduler that is not a named baseline (e.g. a candidate variant), fresh for every trace. */
  public double scheduler(Supplier<Scheduler> fresh) {
    return BatchRunner.meanAverageJct(BatchRunner.run(config, FittedOptimusSpeed.INSTANCE, traces, i -> fresh.get(),
        this::simulatorSeed, threads));
  }

  /** The policy with greedy decoding, as validation runs it. */
  public double policy(PolicyFile policy) {
    List<SimulationResult> runs = PolicyEvaluation.run(policy.settings(), policy.policy().network().parameters(),
        SimulatedClusters.of(config, FittedOptimusSpeed.INSTANCE), traces, this::simulatorSeed, Decoding.GREEDY, Rng.derive(seed, DECODING_SEED_STREAM), threads);
    return BatchRunner.meanAverageJct(runs);
  }

  private long simulatorSeed(int index) {
    return TraceSets.simulatorSeed(seed, set, 0, index);
  }
}
