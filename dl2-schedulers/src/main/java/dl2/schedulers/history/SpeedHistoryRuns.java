package dl2.schedulers.history;

import dl2.model.Trace;
import dl2.schedulers.placed.IaGreedy;
import dl2.schedulers.placed.MeasuredWorld;
import dl2.schedulers.placed.SpeedHistory;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;
import java.util.function.Supplier;

/**
 * Where a {@link SpeedHistory} comes from: the cluster's earlier runs, played here as {@code
 * ia-greedy-multistep} on the preset's first {@link #TRAINING_TRACES} training traces (never a
 * validation or test trace). The simulator plays the world; the history keeps only what the
 * scheduler's {@link MeasuredWorld} fitted from observed progress, so nothing of the speed model
 * reaches it but through the jobs' measured speeds.
 */
public final class SpeedHistoryRuns {
  /** Training traces the history is recorded on, chosen on validation traces. */
  public static final int TRAINING_TRACES = 10;

  private SpeedHistoryRuns() {}

  /**
   * The history of {@code preset}'s first {@code traces} training traces under {@code baseSeed}, in
   * its world without noise, each trace with its training simulator seed.
   */
  public static SpeedHistory ofPreset(Preset preset, SpeedModel speed, long baseSeed, int traces) {
    List<Trace> training = TraceSets.training(preset, baseSeed, 0, traces);
    SimulationConfig config = SimulationConfig.of(preset);
    SpeedHistory history = new SpeedHistory();
    for (int i = 0; i < traces; i++) {
      long seed = TraceSets.simulatorSeed(baseSeed, TraceSet.TRAINING, 0, i);
      history.addAll(measuredOn(new Simulator(config, training.get(i), speed, seed)));
    }
    return history;
  }

  /** The history of {@code preset}'s first {@link #TRAINING_TRACES} training traces. */
  public static SpeedHistory ofPreset(Preset preset, SpeedModel speed, long baseSeed) {
    return ofPreset(preset, speed, baseSeed, TRAINING_TRACES);
  }

  /**
   * Histories recorded in this process, by preset, speed model and base seed: a pure function of
   * the three, recorded once (the documentation's checks run many compares of one preset).
   */
  private static final java.util.Map<List<Object>, SpeedHistory> RECORDED =
      new java.util.HashMap<>();

  /**
   * {@link #ofPreset(Preset, SpeedModel, long)}, recorded when first asked, once per process (a run
   * that never creates {@code ia-greedy-multistep-history} never plays the training traces).
   */
  public static Supplier<SpeedHistory> lazily(Preset preset, SpeedModel speed, long baseSeed) {
    return () -> {
      synchronized (RECORDED) {
        return RECORDED.computeIfAbsent(
            List.of(preset, speed, baseSeed), k -> ofPreset(preset, speed, baseSeed));
      }
    };
  }

  /** What the observation-only greedy measured in one run of {@code simulator}. */
  static SpeedHistory measuredOn(Simulator simulator) {
    MeasuredWorld world = IaGreedy.multiStepWorld();
    simulator.run(new IaGreedy("ia-greedy-multistep", world, IaGreedy.MULTI_STEP));
    return world.measuredCurves();
  }

  /** Built on first use: the history of a registry made without a run's own. */
  private static final class Standard {
    static final SpeedHistory HISTORY =
        ofPreset(
            Presets.byName(STANDARD_PRESET),
            FittedOptimusSpeed.INSTANCE,
            TraceSets.DEFAULT_BASE_SEED);
  }

  /** The preset whose training traces give the history of a registry made without a run's own. */
  public static final String STANDARD_PRESET = "paper-small-realistic";

  /** The history of {@link #STANDARD_PRESET}'s training traces under the default base seed. */
  public static SpeedHistory standard() {
    return Standard.HISTORY;
  }
}
