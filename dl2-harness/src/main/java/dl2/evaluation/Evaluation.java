package dl2.evaluation;

import dl2.bounds.CapacityBound;
import dl2.bounds.NoContentionBound;
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
import dl2.simulation.world.RealisticRun;
import dl2.simulation.world.WorldEffects;
import dl2.slot.Scheduler;
import dl2.speed.SpeedModel;
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

  private Evaluation(
      Preset preset,
      SimulationConfig config,
      SpeedModel speed,
      long baseSeed,
      List<TraceInput> traces,
      Optional<TraceSet> traceSet,
      SchedulerCatalog catalog) {
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
    return new Evaluation(preset, config, speed, baseSeed, inputs, Optional.of(set), catalog);
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
    return new Evaluation(preset, config, speed, baseSeed, inputs, Optional.empty(), catalog);
  }

  /** The same traces and seeds on another configuration (e.g. with a scaling cost). */
  public Evaluation withConfig(SimulationConfig other) {
    return new Evaluation(preset, other, speed, baseSeed, traces, traceSet, catalog);
  }

  /** The same traces and seeds with other schedulers available. */
  public Evaluation withCatalog(SchedulerCatalog other) {
    return new Evaluation(preset, config, speed, baseSeed, traces, traceSet, other);
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

  /**
   * The no-contention lower bound on each trace's average JCT, in trace order; in the realistic
   * world each job at the best (p, w) of its own isolated curve, which placement and fluctuation
   * can beat (a reference there; {@link #capacityBounds(List, int)} holds).
   */
  public List<Double> lowerBounds() {
    return traces.stream()
        .map(t -> NoContentionBound.averageJct(t.trace(), config, speed, simulatorSeed(t.index())))
        .toList();
  }

  /**
   * The capacity lower bound of each trace, in trace order ({@link CapacityBound}): at least the
   * isolated one, SRPT's total flow time with the cluster's cores, and its GPUs, as one preemptive
   * machine each, and the priced bound aimed on trace i at {@code reachable.get(i)}, a total JCT
   * some schedule reached there (the best compared scheduler's); valid in the realistic world too.
   * Computed on {@code threads} threads.
   */
  public List<CapacityBound.Totals> capacityBounds(List<Double> reachable, int threads) {
    if (reachable.size() != traces.size()) {
      throw new IllegalArgumentException(
          reachable.size() + " reachable totals for " + traces.size() + " traces");
    }
    List<Callable<CapacityBound.Totals>> tasks = new ArrayList<>();
    for (TraceInput t : traces) {
      tasks.add(
          () ->
              CapacityBound.of(
                  t.trace(), config, speed, simulatorSeed(t.index()), reachable.get(t.index())));
    }
    return BatchRunner.inOrder(tasks, threads);
  }

  /**
   * What the realistic world did to {@code scheduler}'s jobs on every trace (the same runs as
   * {@link #run}).
   */
  public List<WorldEffects> worldEffects(String scheduler, int threads, Runnable onRun) {
    check(scheduler);
    List<Callable<WorldEffects>> tasks = new ArrayList<>();
    for (TraceInput trace : traces) {
      tasks.add(
          () -> {
            Simulator simulator = simulator(trace);
            simulator.run(newScheduler(scheduler, trace.index()));
            onRun.run();
            return simulator.world() instanceof RealisticRun realistic
                ? realistic.effects()
                : WorldEffects.pooled(List.of());
          });
    }
    return BatchRunner.inOrder(tasks, threads);
  }
}
