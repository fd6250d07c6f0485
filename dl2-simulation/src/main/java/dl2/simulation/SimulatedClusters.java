package dl2.simulation;

import dl2.model.Trace;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * Opens simulated clusters of one configuration. DL2's learning code is handed this instead of a
 * speed model, so it can train and validate in simulation without ever asking for the speed of a
 * configuration: its clusters hand out the speed oracle only when the caller asked for it by name
 * ({@link #withSpeedOracle()}), {@link #withoutDryRuns()} makes even the schedulers' dry runs fail,
 * and {@link #observationOnly()} is a cluster as a live one is: no dry runs, no oracle. Where tasks
 * go is the scheduler's business: a placement is a {@code PlacedScheduler} around it.
 */
public final class SimulatedClusters {
  private final SimulationConfig config;
  private final SpeedModel speed;
  private final boolean dryRuns;
  private final boolean oracle;
  private final boolean oracleExists;

  private SimulatedClusters(
      SimulationConfig config,
      SpeedModel speed,
      boolean dryRuns,
      boolean oracle,
      boolean oracleExists) {
    this.config = config;
    this.speed = speed;
    this.dryRuns = dryRuns;
    this.oracle = oracle;
    this.oracleExists = oracleExists;
  }

  /**
   * Clusters whose schedulers may dry-run configurations (as the heuristics need) and that hide the
   * oracle.
   */
  public static SimulatedClusters of(SimulationConfig config, SpeedModel speed) {
    return new SimulatedClusters(config, speed, true, false, true);
  }

  /** The preset's clusters with the default speed model. */
  public static SimulatedClusters of(Preset preset) {
    return of(SimulationConfig.of(preset), FittedOptimusSpeed.INSTANCE);
  }

  public SimulationConfig config() {
    return config;
  }

  /** The same clusters, answering no dry run: a scheduler that asks for one fails. */
  public SimulatedClusters withoutDryRuns() {
    return new SimulatedClusters(config, speed, false, oracle, oracleExists);
  }

  /** The same clusters as a live cluster is: no dry runs, and no oracle to ask for. */
  public SimulatedClusters observationOnly() {
    return new SimulatedClusters(config, speed, false, false, false);
  }

  /**
   * The same clusters, handing out their {@link SpeedOracle} through {@link
   * Simulator#speedOracle()}.
   *
   * @throws IllegalStateException on {@link #observationOnly()} clusters, which have none
   */
  public SimulatedClusters withSpeedOracle() {
    if (!oracleExists) {
      throw new IllegalStateException(
          "these clusters are observation-only: no speed oracle exists, as on a live cluster");
    }
    return new SimulatedClusters(config, speed, dryRuns, true, true);
  }

  /** The same clusters with another configuration (e.g. a node count or speed noise). */
  public SimulatedClusters withConfig(SimulationConfig other) {
    return new SimulatedClusters(other, speed, dryRuns, oracle, oracleExists);
  }

  /** The speed model's short name, for reports. */
  public String speedModelName() {
    return speed.name();
  }

  /** A fresh simulation of {@code trace}; {@code seed} drives its randomness (speed noise). */
  public Simulator open(Trace trace, long seed) {
    return new Simulator(config, trace, speed, seed, dryRuns, oracle);
  }

  /** Runs a fresh scheduler on each trace (see {@link BatchRunner}); results in trace order. */
  public List<SimulationResult> run(
      List<Trace> traces, IntFunction<Scheduler> schedulers, IntToLongFunction seeds, int threads) {
    return BatchRunner.run(this, traces, schedulers, seeds, threads);
  }
}
