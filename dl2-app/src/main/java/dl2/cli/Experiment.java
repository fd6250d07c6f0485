package dl2.cli;

import dl2.io.InputException;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.report.Comparison;
import dl2.report.SchedulerRun;
import dl2.report.TraceOutcome;
import dl2.schedulers.SchedulerPlugins;
import dl2.schedulers.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.NoContentionBound;
import dl2.simulation.RecordedSimulation;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.TraceLimits;
import dl2.simulation.world.RealisticRun;
import dl2.simulation.world.WorldEffects;
import dl2.slot.ScalingCost;
import dl2.slot.Scheduler;
import dl2.speed.SpeedModel;
import dl2.workload.NativeTraceReader;
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
 * Traces on a preset's cluster, and the runs of schedulers over them. Generated trace i of set
 * SET (test or validation) runs with simulator seed {@code TraceSets.simulatorSeed(base, SET, 0, i)},
 * trace file i with {@code TraceSets.simulatorSeed(base, VALIDATION, 0, i)}, and every trace with
 * Optimus seed {@code Rng.derive(base, OPTIMUS_SEED_STREAM, i)}. Each (scheduler, trace) run is independent
 * and results are collected in order, so any thread count gives bit-identical results.
 */
final class Experiment {
  /** Stream of the Optimus estimation-error signs under the base seed; distinct from TraceSet streams. */
  static final long OPTIMUS_SEED_STREAM = 0x0971;
  /** Stream of the scheduler plug-ins' seeds under the base seed. */
  static final long PLUGIN_SEED_STREAM = 0x9106;
  /** Stream of dl2's sampled-decoding draws under the base seed. */
  static final long DECODING_SEED_STREAM = 0xDEC0;
  static final String POLICY_SCHEDULER = "dl2";

  record TraceInput(int index, Trace trace, OptionalLong generatorSeed) {}

  private final Preset preset;
  private SimulationConfig config;
  private final SpeedModel speed;
  private final long baseSeed;
  private final double optimusError;
  private final List<TraceInput> traces;
  private final Optional<TraceSet> traceSet;
  private Optional<PolicyFile> policy = Optional.empty();
  private Decoding decoding = Decoding.GREEDY;
  private SchedulerPlugins plugins = SchedulerPlugins.none();

  private Experiment(Preset preset, SpeedModel speed, long baseSeed, double speedNoise, double optimusError, List<TraceInput> traces,
      Optional<TraceSet> traceSet) {
    this.preset = preset;
    this.config = SimulationConfig.of(preset).withSpeedNoise(speedNoise);
    this.speed = speed;
    this.baseSeed = baseSeed;
    this.optimusError = optimusError;
    this.traces = List.copyOf(traces);
    this.traceSet = traceSet;
  }

  static Experiment generated(Preset preset, SpeedModel speed, long baseSeed, int count, TraceSet set, double speedNoise,
      double optimusError) {
    if (set == TraceSet.TRAINING) {
      throw new IllegalArgumentException("reports never run training traces");
    }
    List<Trace> generated = set == TraceSet.TEST ? TraceSets.test(preset, baseSeed, count) : TraceSets.validation(preset, baseSeed, count);
    List<TraceInput> inputs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      inputs.add(new TraceInput(i, generated.get(i), OptionalLong.of(TraceSets.seed(baseSeed, set, 0, i))));
    }
    return new Experiment(preset, speed, baseSeed, speedNoise, optimusError, inputs, Optional.of(set));
  }

  /** One trace already in memory (bench-trace), run as trace 0 under {@code baseSeed}. */
  static Experiment ofTrace(Preset preset, SpeedModel speed, long baseSeed, Trace trace) {
    Experiment experiment = new Experiment(preset, speed, baseSeed, 0, 0, List.of(new TraceInput(0, trace, OptionalLong.empty())),
        Optional.empty());
    TraceLimits.check(trace, experiment.config, speed);
    return experiment;
  }

  static Experiment fromFiles(Preset preset, SpeedModel speed, long baseSeed, List<Path> files, double speedNoise, double optimusError) {
    List<TraceInput> inputs = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      inputs.add(new TraceInput(i, NativeTraceReader.read(files.get(i), preset.slotSeconds()), OptionalLong.empty()));
    }
    Experiment experiment = new Experiment(preset, speed, baseSeed, speedNoise, optimusError, inputs, Optional.empty());
    inputs.forEach(t -> TraceLimits.check(t.trace(), experiment.config, speed));
    return experiment;
  }

  /** Charges {@code cost} for every resize (none by default). */
  Experiment withScalingCost(ScalingCost cost) {
    this.config = config.withScalingCost(cost);
    return this;
  }

  /** Makes the trained policy available as scheduler {@code dl2}. */
  Experiment withPolicy(Optional<PolicyFile> trained, Decoding mode) {
    this.policy = trained;
    this.decoding = mode;
    return this;
  }

  /** Makes the plug-ins' schedulers available under their names. */
  Experiment withPlugins(SchedulerPlugins loaded) {
    this.plugins = loaded;
    return this;
  }

  /** The plug-ins' scheduler names, alphabetically. */
  List<String> pluginSchedulers() {
    return plugins.names();
  }

  /** The trained policy that runs as dl2, if any. */
  Optional<PolicyFile> policy() {
    return policy;
  }

  boolean hasPolicy() {
    return policy.isPresent();
  }

  Preset preset() {
    return preset;
  }

  long baseSeed() {
    return baseSeed;
  }

  List<TraceInput> traces() {
    return traces;
  }

  /**
   * The no-contention lower bound on each trace's average JCT, in trace order; in the realistic
   * world each job at the best (p, w) of its own isolated curve.
   */
  List<Double> lowerBounds() {
    return traces.stream().map(t -> NoContentionBound.averageJct(t.trace(), config, speed, simulatorSeed(t.index()))).toList();
  }

  /** {@code test}, {@code validation} or, for trace files, {@code files}: as results.json records it. */
  String traceSetName() {
    return traceSet.map(set -> set == TraceSet.TEST ? Comparison.TEST : Comparison.VALIDATION).orElse(Comparison.FILES);
  }

  List<String> traceNames() {
    return traces.stream().map(t -> t.trace().name()).toList();
  }

  /** Fails with an InputException listing the valid names if {@code scheduler} is unknown. */
  void checkScheduler(String scheduler) {
    if (scheduler.equals(POLICY_SCHEDULER)) {
      if (policy.isEmpty()) {
        throw new InputException("scheduler dl2 needs a trained policy: none is shipped for " + preset.name()
            + "; add --policy FILE");
      }
      return;
    }
    if (plugins.has(scheduler)) {
      return;
    }
    checkBaseline(scheduler, plugins.names());
  }

  /** As {@link #checkScheduler(String)}, before the traces are read: {@code hasPolicy} says whether --policy was given. */
  static void checkScheduler(String scheduler, boolean hasPolicy) {
    if (scheduler.equals(POLICY_SCHEDULER)) {
      if (!hasPolicy) {
        throw new InputException("scheduler dl2 needs a trained policy: add --policy FILE");
      }
      return;
    }
    checkBaseline(scheduler, List.of());
  }

  private static void checkBaseline(String scheduler, List<String> pluginNames) {
    try {
      Schedulers.baseline(scheduler);
    } catch (InputException e) {
      throw new InputException(e.getMessage() + ", dl2 (a trained policy)"
          + (pluginNames.isEmpty() ? "; your own with --scheduler-jar JAR" : ", " + String.join(", ", pluginNames)));
    }
  }

  /** Runs every scheduler on every trace; one run per scheduler, in the given order. */
  List<SchedulerRun> runAll(List<String> schedulers, int threads, Progress progress) {
    schedulers.forEach(this::checkScheduler);
    List<TraceOutcome> outcomes = runTasks(schedulers, threads, progress);
    List<SchedulerRun> runs = new ArrayList<>();
    for (int s = 0; s < schedulers.size(); s++) {
      runs.add(new SchedulerRun(schedulers.get(s), outcomes.subList(s * traces.size(), (s + 1) * traces.size())));
    }
    return runs;
  }

  SchedulerRun run(String scheduler, int threads, Progress progress) {
    return runAll(List.of(scheduler), threads, progress).get(0);
  }

  private List<TraceOutcome> runTasks(List<String> schedulers, int threads, Progress progress) {
    List<Callable<TraceOutcome>> tasks = new ArrayList<>();
    for (String scheduler : schedulers) {
      for (TraceInput trace : traces) {
        tasks.add(() -> {
          TraceOutcome outcome = runOne(scheduler, trace);
          progress.step();
          return outcome;
        });
      }
    }
    return BatchRunner.inOrder(tasks, threads);
  }

  /** The seed of the simulator (and of its world) on trace {@code traceIndex}; files use the validation stream. */
  long simulatorSeed(int traceIndex) {
    return TraceSets.simulatorSeed(baseSeed, traceSet.orElse(TraceSet.VALIDATION), 0, traceIndex);
  }

  /** One run, recorded: per-job allocations and the per-slot cluster log come with the result. */
  private TraceOutcome runOne(String scheduler, TraceInput input) {
    return TraceOutcome.of(RecordedSimulation.run(simulator(input), newScheduler(scheduler, input.index())), input.generatorSeed());
  }

  private Simulator simulator(TraceInput input) {
    return new Simulator(config, input.trace(), speed, simulatorSeed(input.index()));
  }

  /** What the realistic world did to {@code scheduler}'s jobs on every trace (same runs as {@link #run}). */
  List<WorldEffects> worldEffects(String scheduler, int threads, Progress progress) {
    checkScheduler(scheduler);
    List<Callable<WorldEffects>> tasks = new ArrayList<>();
    for (TraceInput trace : traces) {
      tasks.add(() -> {
        Simulator simulator = simulator(trace);
        simulator.run(newScheduler(scheduler, trace.index()));
        progress.step();
        return simulator.world() instanceof RealisticRun realistic ? realistic.effects() : WorldEffects.pooled(List.of());
      });
    }
    return BatchRunner.inOrder(tasks, threads);
  }

  SimulationConfig config() {
    return config;
  }

  SpeedModel speed() {
    return speed;
  }

  /** The scheduler {@code name} as it runs on trace {@code traceIndex} (same seeds as {@link #run}). */
  Scheduler newScheduler(String name, int traceIndex) {
    return scheduler(name, traceIndex, Rng.derive(baseSeed, OPTIMUS_SEED_STREAM, traceIndex));
  }

  private Scheduler scheduler(String name, int traceIndex, long optimusSeed) {
    if (plugins.has(name)) {
      return plugins.create(name, Rng.derive(baseSeed, PLUGIN_SEED_STREAM, traceIndex));
    }
    if (!name.equals(POLICY_SCHEDULER)) {
      return Schedulers.baseline(name, optimusError, optimusSeed);
    }
    PolicyFile trained = policy.orElseThrow();
    return PolicyEvaluation.scheduler(trained, config.taskCap(), decoding, Rng.derive(baseSeed, DECODING_SEED_STREAM, traceIndex));
  }
}
