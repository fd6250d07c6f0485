package dl2.placement;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Trace;
import dl2.registry.Trait;
import dl2.schedulers.registry.Schedulers;
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
 * {@code X@least-loaded} is {@code X}, bit for bit: every job's completion and every slot's stats,
 * on every preset.
 */
class LeastLoadedIdentityTest {
  private static final int TRACES = 2;

  /** paper-large's 500 nodes and 200 jobs: one trace says as much. */
  private static final int LARGE_TRACES = 1;

  @Test
  void everyBaselineWithLeastLoadedPlacementIsTheBaselineAlone() {
    for (Preset preset : Presets.ALL) {
      assertIdentical(
          preset, Schedulers.BASELINES, preset.cluster().nodes() > 100 ? LARGE_TRACES : TRACES);
    }
  }

  /** The greedy places every task itself (tryAddOn); the decorator must not change it either. */
  @Test
  void thePlacementAwareGreedyIsUnchangedToo() {
    assertIdentical(
        Presets.PAPER_TESTBED, Schedulers.BUILT_IN.names(Trait.PLACEMENT_AWARE), TRACES);
    assertIdentical(
        Presets.PAPER_SMALL_REALISTIC, Schedulers.BUILT_IN.names(Trait.PLACEMENT_AWARE), 1);
  }

  private static void assertIdentical(Preset preset, List<String> names, int count) {
    SimulatedClusters clusters = SimulatedClusters.of(preset);
    List<Trace> traces = TraceSets.validation(preset, TraceSets.DEFAULT_BASE_SEED, count);
    for (String name : names) {
      for (int i = 0; i < count; i++) {
        long seed = TraceSets.simulatorSeed(TraceSets.DEFAULT_BASE_SEED, TraceSet.VALIDATION, 0, i);
        SimulationResult plain =
            clusters.open(traces.get(i), seed).run(Schedulers.baseline(name, 0.1, 7));
        PlacedScheduler placed =
            new PlacedScheduler(
                Schedulers.baseline(name, 0.1, 7), Placements.byName("least-loaded"));
        SimulationResult withPlacement = clusters.open(traces.get(i), seed).run(placed);
        assertThat(withPlacement)
            .as("%s on %s of %s", placed.name(), traces.get(i).name(), preset.name())
            .isEqualTo(plain);
      }
    }
  }
}
