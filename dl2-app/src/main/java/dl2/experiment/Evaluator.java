package dl2.experiment;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.model.Trace;
import dl2.schedulers.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The studies' view of {@link Evaluation}: mean average JCT of baselines and policies on a
 * preset's generated traces of one set (test for every reported number; validation for levels
 * drawn on validation curves) or on given traces, with compare's seeds, on the default speed
 * model, optionally with speed noise ε_s.
 */
public final class Evaluator {
  private final Evaluation evaluation;
  private final int threads;

  private Evaluator(Evaluation evaluation, int threads) {
    this.evaluation = evaluation;
    this.threads = threads;
  }

  /** Evaluations on {@code traceCount} generated traces of {@code set}. */
  public Evaluator(Preset preset, long seed, TraceSet set, int traceCount, int threads, double speedNoise) {
    this(Evaluation.generated(preset, config(preset, speedNoise), FittedOptimusSpeed.INSTANCE, seed, set, traceCount,
        SchedulerCatalog.baselines(0)), threads);
  }

  /** Evaluations on given traces (e.g. converted real traces) on the preset's cluster, seeded as compare seeds trace files. */
  public Evaluator(Preset preset, long seed, List<Trace> traces, int threads, double speedNoise) {
    this(Evaluation.of(preset, config(preset, speedNoise), FittedOptimusSpeed.INSTANCE, seed, traces,
        SchedulerCatalog.baselines(0)), threads);
  }

  /** Evaluations on {@code traceCount} validation traces (the learning curve's own, as {@code CurveLevels} needs). */
  public Evaluator(Preset preset, long seed, int traceCount, int threads, double speedNoise) {
    this(preset, seed, TraceSet.VALIDATION, traceCount, threads, speedNoise);
  }

  /** Evaluations on the preset's first {@code traceCount} test traces, seeded as {@code compare} seeds them. */
  public static Evaluator onTestTraces(Preset preset, long seed, int traceCount, int threads) {
    return new Evaluator(preset, seed, TraceSet.TEST, traceCount, threads, 0);
  }

  private static SimulationConfig config(Preset preset, double speedNoise) {
    return SimulationConfig.of(preset).withSpeedNoise(speedNoise);
  }

  /** Mean over the traces of the no-contention lower bound (every job alone at its best configuration). */
  public double lowerBound() {
    return evaluation.lowerBounds().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
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
    return evaluation.meanAverageJct(name, threads);
  }

  /** The baseline's result on each trace, in trace order. */
  public List<SimulationResult> baselineRuns(String name) {
    return evaluation.results(name, threads);
  }

  /** A scheduler that is not a named baseline (e.g. a candidate variant), fresh for every trace. */
  public double scheduler(Supplier<Scheduler> fresh) {
    List<Trace> traces = evaluation.traces().stream().map(t -> t.trace()).toList();
    return BatchRunner.meanAverageJct(BatchRunner.run(evaluation.config(), evaluation.speed(), traces, i -> fresh.get(),
        evaluation::simulatorSeed, threads));
  }

  /** The policy with greedy decoding, as validation runs it. */
  public double policy(PolicyFile policy) {
    return BatchRunner.meanAverageJct(policyRuns(policy));
  }

  /** The greedy policy's result on each trace, in trace order. */
  public List<SimulationResult> policyRuns(PolicyFile policy) {
    return evaluation.withPolicy(Optional.of(policy), Decoding.GREEDY).results(SchedulerCatalog.POLICY, threads);
  }
}
