package dl2.evaluation;

import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import dl2.registry.Launch;
import dl2.simulation.BatchRunner;
import dl2.simulation.RecordedSimulation;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.simulation.TraceLimits;
import dl2.slot.Scheduler;
import dl2.speed.SpeedModel;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

/**
 * The one evaluation of dl2: schedulers on a set of traces on a preset's cluster, with the seeds
 * every report uses. Generated trace i of set SET (test or validation) runs with simulator seed
 * {@code TraceSets.simulatorSeed(base, SET, 0, i)}, a given trace i with {@code
 * TraceSets.simulatorSeed(base, VALIDATION, 0, i)}; its schedulers get the seeds of {@link
 * #seeds(int)}. Compare, simulate, the studies and training's test summary all run through it. Each
 * (scheduler, trace) run is independent and results are collected in order, so any thread count
 * gives bit-identical results.
 */
public final class Evaluation {
  private final Preset preset;
  private final SimulationConfig config;
  private final SpeedModel speed;
  private final long baseSeed;
  private final List<TraceInput> traces;
  private final Optional<TraceSet> traceSet;
  private final SchedulerCatalog catalog;
  private final LengthSetting lengths;

  private Evaluation(
      Preset preset,
      SimulationConfig config,
      SpeedModel speed,
      long baseSeed,
      List<TraceInput> traces,
      Optional<TraceSet> traceSet,
      SchedulerCatalog catalog,
      LengthSetting lengths) {
    this.lengths = lengths;
    this.preset = preset;
    this.config = config;
    this.speed = speed;
    this.baseSeed = baseSeed;
    this.traces = List.copyOf(traces);
    this.traceSet = traceSet;
    this.catalog = catalog;
  }

  /** The first {@code count} generated traces of {@code set} (test or validation). */
  public static Evaluation generated(
      Preset preset,
      SimulationConfig config,
      SpeedModel speed,
      long baseSeed,
      TraceSet set,
      int count,
      SchedulerCatalog catalog) {
    if (set == TraceSet.TRAINING) {
      throw new IllegalArgumentException("evaluations never run training traces");
    }
    List<Trace> generated =
        set == TraceSet.TEST
            ? TraceSets.test(preset, baseSeed, count)
            : TraceSets.validation(preset, baseSeed, count);
    List<TraceInput> inputs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      inputs.add(
          new TraceInput(
              i, generated.get(i), OptionalLong.of(TraceSets.seed(baseSeed, set, 0, i))));
    }
    return new Evaluation(
        preset,
        config,
        speed,
        baseSeed,
        inputs,
        Optional.of(set),
        catalog.withLengthPrior(preset, speed, baseSeed, LengthSetting.EXACT),
        LengthSetting.EXACT);
  }

  /**
   * Given traces (files, converted real traces, one in memory), checked against the cluster's
   * limits.
   */
  public static Evaluation of(
      Preset preset,
      SimulationConfig config,
      SpeedModel speed,
      long baseSeed,
      List<Trace> given,
      SchedulerCatalog catalog) {
    List<TraceInput> inputs = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      TraceLimits.check(given.get(i), config, speed);
      inputs.add(new TraceInput(i, given.get(i), OptionalLong.empty()));
    }
    return new Evaluation(
        preset,
        config,
        speed,
        baseSeed,
        inputs,
        Optional.empty(),
        catalog.withLengthPrior(preset, speed, baseSeed, LengthSetting.EXACT),
        LengthSetting.EXACT);
  }

  /** The same traces and seeds on another configuration (e.g. with a scaling cost). */
  public Evaluation withConfig(SimulationConfig other) {
    return new Evaluation(preset, other, speed, baseSeed, traces, traceSet, catalog, lengths);
  }

  /** The same traces and seeds with other schedulers available. */
  public Evaluation withCatalog(SchedulerCatalog other) {
    return new Evaluation(preset, config, speed, baseSeed, traces, traceSet, other, lengths);
  }

  /**
   * These traces as schedulers see them under {@code setting} (docs/job-lengths.md): each job's
   * estimate is fixed here, before any run, from stream {@code LENGTH_ESTIMATES} under the trace's
   * generator seed (a given trace i: under {@code Rng.derive(base, LENGTH_ESTIMATES, i)}); the
   * length-aware baselines learn their prior from the preset's training traces. {@code exact}
   * changes nothing.
   */
  public Evaluation withLengths(LengthSetting setting) {
    if (setting.exact()) {
      return this;
    }
    List<TraceInput> estimated = new ArrayList<>();
    for (TraceInput input : traces) {
      long seed =
          input
              .generatorSeed()
              .orElse(Rng.derive(baseSeed, SeedStream.LENGTH_ESTIMATES, input.index()));
      estimated.add(
          new TraceInput(input.index(), setting.apply(input.trace(), seed), input.generatorSeed()));
    }
    return new Evaluation(
        preset,
        config,
        speed,
        baseSeed,
        estimated,
        traceSet,
        catalog.withLengthPrior(preset, speed, baseSeed, setting),
        setting);
  }

  /** What schedulers know of job lengths here. */
  public LengthSetting lengths() {
    return lengths;
  }

  /** With {@code trained} as scheduler dl2, decoded as {@code mode}. */
  public Evaluation withPolicy(Optional<PolicyFile> trained, Decoding mode) {
    return withCatalog(catalog.withPolicy(trained, mode));
  }

  /** With the scheduler plug-ins of {@code jars} (and the class path) under their names. */
  public Evaluation withPlugins(List<Path> jars) {
    return withCatalog(catalog.withPlugins(jars));
  }

  /** With the placement plug-ins of {@code jars} (and the class path) under their names. */
  public Evaluation withPlacements(List<Path> jars) {
    return withCatalog(catalog.withPlacements(jars));
  }

  public Preset preset() {
    return preset;
  }

  public SimulationConfig config() {
    return config;
  }

  public SpeedModel speed() {
    return speed;
  }

  public long baseSeed() {
    return baseSeed;
  }

  public SchedulerCatalog catalog() {
    return catalog;
  }

  public List<TraceInput> traces() {
    return traces;
  }

  /** The generated set the traces come from; empty for given traces. */
  public Optional<TraceSet> traceSet() {
    return traceSet;
  }

  /**
   * Fails with a plain-words InputException if {@code scheduler} is not one of this evaluation's.
   */
  public void check(String scheduler) {
    catalog.check(scheduler, preset.name());
    if (lengths.knowledge() == LengthKnowledge.UNKNOWN) {
      catalog.checkWithoutLengths(scheduler);
    }
  }

  /**
   * The seed of the simulator (and of its world) on trace {@code index}; given traces use the
   * validation stream.
   */
  public long simulatorSeed(int index) {
    return TraceSets.simulatorSeed(baseSeed, traceSet.orElse(TraceSet.VALIDATION), 0, index);
  }

  /**
   * What a scheduler is made for on trace {@code index}: this cluster's task cap and the seeds
   * under the base seed.
   */
  public Launch launch(int index) {
    return new Launch(
        config.taskCap(),
        Rng.derive(baseSeed, SeedStream.OPTIMUS_ERROR, index),
        Rng.derive(baseSeed, SeedStream.PLUGINS, index),
        Rng.derive(baseSeed, SeedStream.SAMPLED_DECODING, index));
  }

  /** The scheduler {@code name} as it runs on trace {@code index}. */
  public Scheduler newScheduler(String name, int index) {
    return catalog.create(name, launch(index));
  }

  /** A fresh simulation of trace {@code input}. */
  public Simulator simulator(TraceInput input) {
    return new Simulator(config, input.trace(), speed, simulatorSeed(input.index()));
  }

  /**
   * Every scheduler on every trace, recorded (per-job allocations and the per-slot log come with
   * each result): one list per scheduler, in the given order, each in trace order. {@code onRun} is
   * called after each run, from the thread that ran it.
   */
  public List<List<RecordedSimulation>> runAll(
      List<String> schedulers, int threads, Runnable onRun) {
    schedulers.forEach(this::check);
    List<Callable<RecordedSimulation>> tasks = new ArrayList<>();
    for (String scheduler : schedulers) {
      for (TraceInput trace : traces) {
        tasks.add(
            () -> {
              RecordedSimulation run =
                  RecordedSimulation.run(simulator(trace), newScheduler(scheduler, trace.index()));
              onRun.run();
              return run;
            });
      }
    }
    List<RecordedSimulation> runs = BatchRunner.inOrder(tasks, threads);
    List<List<RecordedSimulation>> bySchedulers = new ArrayList<>();
    for (int s = 0; s < schedulers.size(); s++) {
      bySchedulers.add(runs.subList(s * traces.size(), (s + 1) * traces.size()));
    }
    return bySchedulers;
  }

  /** One scheduler on every trace, recorded, in trace order. */
  public List<RecordedSimulation> run(String scheduler, int threads, Runnable onRun) {
    return runAll(List.of(scheduler), threads, onRun).get(0);
  }

  /** One scheduler's results on every trace, in trace order. */
  public List<SimulationResult> results(String scheduler, int threads) {
    return run(scheduler, threads, () -> {}).stream().map(RecordedSimulation::result).toList();
  }

  /** The mean over the traces of one scheduler's average JCT. */
  public double meanAverageJct(String scheduler, int threads) {
    return BatchRunner.meanAverageJct(results(scheduler, threads));
  }
}
