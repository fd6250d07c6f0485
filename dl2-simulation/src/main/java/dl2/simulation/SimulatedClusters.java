package dl2.simulation;

import dl2.model.Trace;
import dl2.slot.Placement;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;

/**
 * Opens simulated clusters of one configuration. DL2's learning code is handed this instead of a
 * speed model, so it can train and validate in simulation without ever asking for the speed of a
 * configuration: its clusters hand out the speed oracle only when the caller asked for it by
 * name ({@link #withSpeedOracle()}), {@link #withoutDryRuns()} makes even the schedulers' dry runs
 * fail, and {@link #observationOnly()} is a cluster as a live one is: no dry runs, no oracle.
 * {@link #placedBy} sends every task added without a node where a {@link Placement} says (DL2
 * trained under a placement: the policy decides how many tasks, the placement where).
 */
public final class SimulatedClusters {
  private final SimulationConfig config;
  private final SpeedModel speed;
  private final boolean dryRuns;
  private final boolean oracle;
  private final boolean oracleExists;
  /** A fresh placement for each simulation; null places as the slot does by itself (least-loaded). */
  private final Supplier<Placement> placements;
  private final String placementName;

  private SimulatedClusters(SimulationConfig config, SpeedModel speed, boolean dryRuns, boolean oracle, boolean oracleExists,
      Supplier<Placement> placements, String placementName) {
    this.placements = placements;
    this.placementName = placementName;
    this.config = config;
    this.speed = speed;
    this.dryRuns = dryRuns;
    this.oracle = oracle;
    this.oracleExists = oracleExists;
  }

  /** Clusters whose schedulers may dry-run configurations (as the heuristics need) and that hide the oracle. */
  public static SimulatedClusters of(SimulationConfig config, SpeedModel speed) {
    return new SimulatedClusters(config, speed, true, false, true, null, null);
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
    return new SimulatedClusters(config, speed, false, oracle, oracleExists, placements, placementName);
  }

  /** The same clusters as a live cluster is: no dry runs, and no oracle to ask for. */
  public SimulatedClusters observationOnly() {
    return new SimulatedClusters(config, speed, false, false, false, placements, placementName);
  }

  /**
   * The same clusters, handing out their {@link SpeedOracle} through {@link Simulator#speedOracle()}.
   *
   * @throws IllegalStateException on {@link #observationOnly()} clusters, which have none
   */
  public SimulatedClusters withSpeedOracle() {
    if (!oracleExists) {
      throw new IllegalStateException("these clusters are observation-only: no speed oracle exists, as on a live cluster");
    }
    return new SimulatedClusters(config, speed, dryRuns, true, true, placements, placementName);
  }

  /** The same clusters with another configuration (e.g. a node count or speed noise). */
  public SimulatedClusters withConfig(SimulationConfig other) {
    return new SimulatedClusters(other, speed, dryRuns, oracle, oracleExists, placements, placementName);
  }

  /**
   * The same clusters, each simulation placing its tasks with a fresh placement from {@code fresh}
   * (every task added without a node: a scheduler that names nodes, or a placed one, still decides).
   */
  public SimulatedClusters placedBy(Supplier<Placement> fresh) {
    return new SimulatedClusters(config, speed, dryRuns, oracle, oracleExists, fresh, fresh.get().name());
  }

  /** The placement's name when {@link #placedBy} placed these clusters; empty when the slot places by itself. */
  public Optional<String> placement() {
    return Optional.ofNullable(placementName);
  }

  /** The speed model's short name, for reports. */
  public String speedModelName() {
    return speed.name();
  }

  /** A fresh simulation of {@code trace}; {@code seed} drives its randomness (speed noise). */
  public Simulator open(Trace trace, long seed) {
    return new Simulator(config, trace, speed, seed, dryRuns, oracle, placements == null ? null : placements.get());
  }

  /** Runs a fresh scheduler on each trace (see {@link BatchRunner}); results in trace order. */
  public List<SimulationResult> run(List<Trace> traces, IntFunction<Scheduler> schedulers, IntToLongFunction seeds,
      int threads) {
    return BatchRunner.run(this, traces, schedulers, seeds, threads);
  }
}
