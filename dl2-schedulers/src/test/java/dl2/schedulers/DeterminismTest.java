package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** dl2-spec §5.3: with fixed seeds, runs are bit-for-bit reproducible. */
class DeterminismTest {
  private static final Preset PRESET =
      Presets.PAPER_DENSE
          .withCluster(Presets.PAPER_DENSE.cluster().withNodes(5))
          .withWorkload(Presets.PAPER_DENSE.workload().withTotalJobs(15));

  private static SimulationResult run(String scheduler, long traceSeed, long simSeed) {
    return run(PRESET, scheduler, traceSeed, simSeed);
  }

  private static SimulationResult run(
      Preset preset, String scheduler, long traceSeed, long simSeed) {
    Trace trace = new Trace("t" + traceSeed, preset.generator().jobs(traceSeed));
    SimulationConfig config = SimulationConfig.of(preset).withSpeedNoise(0.1);
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, simSeed)
        .run(Schedulers.baseline(scheduler, 0.1, simSeed));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "drf",
        "fifo",
        "srtf",
        "tetris",
        "optimus",
        "optimus-fitted",
        "optimus-remaining",
        "optimus-last-slot",
        "tiresias"
      })
  void theSameTraceAndSeedGiveAnIdenticalResult(String scheduler) {
    assertThat(run(scheduler, 3, 4)).isEqualTo(run(scheduler, 3, 4));
  }

  /** With epoch estimation error as well (jobs may pass their estimate). */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "drf",
        "fifo",
        "srtf",
        "tetris",
        "optimus",
        "optimus-fitted",
        "optimus-remaining",
        "optimus-last-slot",
        "tiresias"
      })
  void estimationErrorRunsAreReproducibleToo(String scheduler) {
    Preset withError = PRESET.withWorkload(PRESET.workload().withEpochEstimationError(0.2));
    assertThat(run(withError, scheduler, 3, 4)).isEqualTo(run(withError, scheduler, 3, 4));
  }

  @ParameterizedTest
  @ValueSource(strings = {"drf", "optimus", "tiresias"})
  void aResultDoesNotDependOnWhatRanBefore(String scheduler) {
    SimulationResult first = run(scheduler, 3, 4);
    run(scheduler, 8, 9);
    assertThat(run(scheduler, 3, 4)).isEqualTo(first);
  }

  @ParameterizedTest
  @ValueSource(strings = {"drf", "srtf"})
  void anotherSimulatorSeedChangesTheNoisyResult(String scheduler) {
    assertThat(run(scheduler, 3, 4)).isNotEqualTo(run(scheduler, 3, 5));
  }
}
