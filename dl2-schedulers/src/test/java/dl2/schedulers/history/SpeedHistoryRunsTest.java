package dl2.schedulers.history;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Trace;
import dl2.schedulers.placed.IaGreedy;
import dl2.schedulers.placed.SpeedHistory;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import org.junit.jupiter.api.Test;

/**
 * The history of the training traces and the greedy that starts from it, on one training trace of
 * paper-small-realistic (about a second).
 */
class SpeedHistoryRunsTest {
  private static final Preset PRESET = Presets.byName("paper-small-realistic");

  private static SpeedHistory oneTrace() {
    return SpeedHistoryRuns.ofPreset(PRESET, FittedOptimusSpeed.INSTANCE, 9973, 1);
  }

  /**
   * Every job the greedy measured is recorded, however short its life: at least each job that was
   * still running a full slot after it started (its progress in that slot was measured), and none
   * that the trace does not hold.
   */
  @Test
  void everyMeasuredJobOfTheTrainingTraceIsRecorded() {
    Trace training = TraceSets.training(PRESET, 9973, 0, 1).get(0);
    SimulationResult played =
        new Simulator(
                SimulationConfig.of(PRESET),
                training,
                FittedOptimusSpeed.INSTANCE,
                TraceSets.simulatorSeed(9973, TraceSet.TRAINING, 0, 0))
            .run(
                new IaGreedy(
                    "ia-greedy-multistep", IaGreedy.multiStepWorld(), IaGreedy.MULTI_STEP));
    long measured =
        played.jobs().stream().filter(j -> j.completionTime() >= j.firstStartSlot() + 2).count();
    SpeedHistory history = oneTrace();
    int recorded = 0;
    for (JobType type : JobType.values()) {
      recorded += history.jobs(type);
    }
    assertThat(recorded).isBetween((int) measured, training.size());
    assertThat(measured).isPositive();
  }

  /**
   * The same history twice, and the greedy that starts from it gives the same schedule twice on a
   * test trace: every job completes, at the same times.
   */
  @Test
  void theHistoryAndTheGreedyFromItAreDeterministic() {
    Trace test = TraceSets.test(PRESET, 9973, 1).get(0);
    SimulationResult first = run(oneTrace(), test);
    SimulationResult second = run(oneTrace(), test);
    assertThat(first.jobs()).hasSize(test.size());
    assertThat(second.jobs()).isEqualTo(first.jobs());
  }

  private static SimulationResult run(SpeedHistory history, Trace trace) {
    Simulator simulator =
        new Simulator(SimulationConfig.of(PRESET), trace, FittedOptimusSpeed.INSTANCE, 5);
    return simulator.run(
        HistorySchedulers.create(
            HistorySchedulers.IA_GREEDY_MULTISTEP_HISTORY,
            history,
            HistorySchedulers.PROFILED_JOBS,
            HistorySchedulers.PRIOR_WEIGHT,
            HistorySchedulers.SHORT_SLOTS,
            HistorySchedulers.SCALED));
  }
}
