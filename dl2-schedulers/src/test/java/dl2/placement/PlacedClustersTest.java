package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Trace;
import dl2.schedulers.Schedulers;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationResult;
import dl2.slot.PlacedScheduler;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Clusters placed by P ({@code SimulatedClusters.placedBy}, how DL2 trains under {@code train
 * --placement}) run a scheduler exactly as compare runs {@code SCHEDULER@P}: every job's
 * completion and every slot's stats, for every built-in placement, in both worlds.
 */
class PlacedClustersTest {
  private static final int TRACES = 2;

  @Test
  void aSchedulerOnClustersPlacedByPIsTheSchedulerAtP() {
    for (Preset preset : List.of(Presets.PAPER_TESTBED, Presets.PAPER_SMALL_REALISTIC)) {
      for (String placement : Placements.NAMES) {
        SimulatedClusters plain = SimulatedClusters.of(preset);
        SimulatedClusters placed = plain.placedBy(() -> Placements.byName(placement));
        assertThat(placed.placement()).contains(placement);
        List<Trace> traces = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, TRACES);
        for (String name : List.of("drf", "optimus-fitted", "tiresias")) {
          for (int i = 0; i < TRACES; i++) {
            long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, i);
            SimulationResult asRow = plain.open(traces.get(i), seed)
                .run(new PlacedScheduler(Schedulers.baseline(name, 0, 0), Placements.byName(placement)));
            SimulationResult onPlaced = placed.open(traces.get(i), seed).run(Schedulers.baseline(name, 0, 0));
            assertThat(onPlaced).as("%s on %s placed by %s", name, traces.get(i).name(), placement).isEqualTo(asRow);
          }
        }
      }
    }
  }

  @Test
  void thePlacementGoesWithTheClustersOtherVariantsAndPlainClustersHaveNone() {
    SimulatedClusters placed = SimulatedClusters.of(Presets.PAPER_TESTBED).placedBy(FewestNodes::new);
    assertThat(placed.withoutDryRuns().placement()).contains(FewestNodes.NAME);
    assertThat(placed.observationOnly().placement()).contains(FewestNodes.NAME);
    assertThat(placed.withSpeedOracle().placement()).contains(FewestNodes.NAME);
    assertThat(SimulatedClusters.of(Presets.PAPER_TESTBED).placement()).isEmpty();
  }
}
