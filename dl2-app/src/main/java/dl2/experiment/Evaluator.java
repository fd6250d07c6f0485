package dl2.experiment;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.evaluation.TraceBounds;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.model.Trace;
import dl2.placement.PlacedSchedulers;
import dl2.placement.Placements;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.slot.PlacedScheduler;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.LengthSetting;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The studies' view of {@link Evaluation}: mean average JCT of baselines and policies on a preset's
 * generated traces of one set (test for every reported number; validation for levels drawn on
 * validation curves) or on given traces, with compare's seeds, on the default speed model,
 * optionally with speed noise ε_s, every scheduler under one placement (least-loaded, or {@code
 * SCHEDULER@PLACEMENT} as compare names its rows). Each evaluation is one work unit of the study's
 * ({@link WorkUnit}): an evaluator of a study context asks it for every result.
 */
public final class Evaluator {
  /** How an evaluation is asked for: computed at once, or as a work unit of a study. */
  interface Gate {
    Gate NOW =
        new Gate() {
          @Override
          public <T> T evaluation(
              String what,
              double cost,
              List<PolicyFile> inputs,
              UnitCodec<T> codec,
              Supplier<T> compute) {
            return compute.get();
          }
        };

    <T> T evaluation(
        String what, double cost, List<PolicyFile> inputs, UnitCodec<T> codec, Supplier<T> compute);
  }

  private final Evaluation evaluation;
  private final int threads;
  private final Gate gate;

  /** The setting in words, for the units' descriptions. */
  private final String setting;

  /** Where every scheduler's tasks go (those that place their own aside). */
  private final String placement;

  private Evaluator(
      Evaluation evaluation, int threads, Gate gate, String setting, String placement) {
    this.evaluation = evaluation;
    this.threads = threads;
    this.gate = gate;
    this.setting = setting;
    this.placement = placement;
  }

  /** Evaluations on {@code traceCount} generated traces of {@code set}. */
  public Evaluator(
      Preset preset, long seed, TraceSet set, int traceCount, int threads, double speedNoise) {
    this(
        Evaluation.generated(
            preset,
            config(preset, speedNoise),
            FittedOptimusSpeed.INSTANCE,
            seed,
            set,
            traceCount,
            SchedulerCatalog.baselines(0)),
        threads,
        Gate.NOW,
        setting(preset, set.name().toLowerCase(Locale.ROOT), traceCount, speedNoise),
        SchedulerName.DEFAULT_PLACEMENT);
  }

  /**
   * Evaluations on given traces (e.g. converted real traces) on the preset's cluster, seeded as
   * compare seeds trace files.
   */
  public Evaluator(Preset preset, long seed, List<Trace> traces, int threads, double speedNoise) {
    this(
        Evaluation.of(
            preset,
            config(preset, speedNoise),
            FittedOptimusSpeed.INSTANCE,
            seed,
            traces,
            SchedulerCatalog.baselines(0)),
        threads,
        Gate.NOW,
        setting(
            preset,
            String.join("+", traces.stream().map(Trace::name).toList()),
            traces.size(),
            speedNoise),
        SchedulerName.DEFAULT_PLACEMENT);
  }

  /**
   * Evaluations on {@code traceCount} validation traces (the learning curve's own, as {@code
   * CurveLevels} needs).
   */
  public Evaluator(Preset preset, long seed, int traceCount, int threads, double speedNoise) {
    this(preset, seed, TraceSet.VALIDATION, traceCount, threads, speedNoise);
  }

  /** The same evaluations, each asked of {@code through}. */
  Evaluator through(Gate through) {
    return new Evaluator(evaluation, threads, through, setting, placement);
  }

  /**
   * The same traces as schedulers see them under {@code lengths} (docs/job-lengths.md); {@code
   * exact} is this evaluator, whose units' descriptions stay as before.
   */
  Evaluator withLengths(LengthSetting lengths) {
    return lengths.exact()
        ? this
        : new Evaluator(
            evaluation.withLengths(lengths),
            threads,
            gate,
            setting + ", lengths " + lengths.label(),
            placement);
  }

  /** The same evaluations with every scheduler under {@code other} (a built-in placement). */
  Evaluator placedBy(String other) {
    return new Evaluator(evaluation, threads, gate, setting, other);
  }

  private static SimulationConfig config(Preset preset, double speedNoise) {
    return SimulationConfig.of(preset).withSpeedNoise(speedNoise);
  }

  private static String setting(Preset preset, String traces, int count, double speedNoise) {
    return String.format(
        Locale.ROOT,
        "%s (%d nodes, %d jobs, at most %d arrivals per slot), %d %s traces, speed noise %s",
        preset.name(),
        preset.cluster().nodes(),
        preset.workload().totalJobs(),
        preset.workload().maxArrivals(),
        count,
        traces,
        speedNoise);
  }

  /**
   * Mean over the traces of the no-contention lower bound (every job alone at its best
   * configuration).
   */
  public double lowerBound() {
    return TraceBounds.noContention(evaluation).stream()
        .mapToDouble(Double::doubleValue)
        .average()
        .orElseThrow();
  }

  /** Whether {@code name} is a baseline of this build (optimus-fitted may not be). */
  public static boolean hasBaseline(String name) {
    return Schedulers.BUILT_IN.find(name).isPresent();
  }

  /** The baseline under this evaluator's placement. */
  public double baseline(String name) {
    String placed = PlacedSchedulers.named(name, placement).toString();
    return gate.evaluation(
        "baseline " + placed + " on " + setting,
        cost(false),
        List.of(),
        UnitCodec.JCT,
        () -> evaluation.meanAverageJct(placed, threads));
  }

  /** The baseline's average JCT on each trace, in trace order, and its 95th percentile JCT. */
  TraceJcts baselineJcts(String name) {
    String placed = PlacedSchedulers.named(name, placement).toString();
    return gate.evaluation(
        "baseline " + placed + " JCTs on " + setting,
        cost(false),
        List.of(),
        UnitCodec.traceJcts(evaluation.traces().size()),
        () -> TraceJcts.of(evaluation.results(placed, threads)));
  }

  /**
   * A scheduler that is not a named baseline (e.g. a candidate variant), fresh for every trace,
   * under the placement.
   */
  public double scheduler(Supplier<Scheduler> fresh) {
    boolean alone = SchedulerName.isDefault(placement);
    return gate.evaluation(
        "a candidate scheduler" + (alone ? "" : " under " + placement) + " on " + setting,
        cost(false),
        List.of(),
        UnitCodec.JCT,
        () -> {
          List<Trace> traces = evaluation.traces().stream().map(t -> t.trace()).toList();
          return BatchRunner.meanAverageJct(
              BatchRunner.run(
                  evaluation.config(),
                  evaluation.speed(),
                  traces,
                  i ->
                      alone
                          ? fresh.get()
                          : new PlacedScheduler(fresh.get(), Placements.byName(placement)),
                  evaluation::simulatorSeed,
                  threads));
        });
  }

  /** The policy with greedy decoding, as validation runs it, under the placement. */
  public double policy(PolicyFile policy) {
    return gate.evaluation(
        "greedy policy" + under() + " on " + setting,
        cost(true),
        List.of(policy),
        UnitCodec.JCT,
        () -> BatchRunner.meanAverageJct(policyRuns(policy)));
  }

  /** The greedy policy's average JCT on each trace, in trace order, and its 95th percentile JCT. */
  TraceJcts policyJcts(PolicyFile policy) {
    return gate.evaluation(
        "greedy policy JCTs" + under() + " on " + setting,
        cost(true),
        List.of(policy),
        UnitCodec.traceJcts(evaluation.traces().size()),
        () -> TraceJcts.of(policyRuns(policy)));
  }

  private List<SimulationResult> policyRuns(PolicyFile policy) {
    return evaluation
        .withPolicy(Optional.of(policy), Decoding.GREEDY)
        .results(policyName().toString(), threads);
  }

  /** dl2 under the placement, as compare names its row. */
  private SchedulerName policyName() {
    return SchedulerName.of(SchedulerCatalog.POLICY).withPlacement(placement);
  }

  /**
   * The placement in the units' descriptions; nothing for the default, whose descriptions are as
   * before.
   */
  private String under() {
    return policyName().isDefaultPlacement() ? "" : " " + policyName();
  }

  /** One evaluation of every trace. */
  private double cost(boolean policy) {
    return WorkUnit.evaluationCost(
        evaluation.traces().stream().mapToInt(t -> t.trace().size()).sum(), policy);
  }
}
