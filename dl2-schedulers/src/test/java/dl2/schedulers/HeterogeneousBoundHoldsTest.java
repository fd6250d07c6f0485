package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.bounds.CapacityBound;
import dl2.bounds.NoContentionBound;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.placement.FewestNodes;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.PlacedScheduler;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * On clusters of several GPU types the heterogeneity-blind baselines finish every job and none
 * beats the capacity bound or the no-contention bound: seeded random small traces on shrunk
 * gavel-dense and a100t4-dense clusters (also with the fastest type first, where ties of placement
 * go, so that the baselines make the most of the fast GPUs the bound prices per type), and on a K80
 * + P100 cluster, whose fastest type is slower than the curves for every GPU job type (so the
 * bound's ceiling is scaled down), in both worlds.
 */
class HeterogeneousBoundHoldsTest {
  private static final double ROUNDING = 1e-12;

  private static final ClusterSpec K80_P100 =
      new ClusterSpec(
          List.of(
              new NodeGroup(1, 8, 2, GpuCatalogue.K80), new NodeGroup(2, 8, 2, GpuCatalogue.P100)));

  private static final ClusterSpec V100_P100_K80 =
      new ClusterSpec(
          List.of(
              new NodeGroup(2, 8, 2, GpuCatalogue.V100),
              new NodeGroup(1, 8, 2, GpuCatalogue.P100),
              new NodeGroup(1, 8, 2, GpuCatalogue.K80)));

  @Test
  void noBlindBaselineBeatsTheBoundsAndEveryJobFinishes() {
    List<Preset> presets =
        List.of(
            Presets.GAVEL_DENSE.withCluster(Presets.GAVEL_DENSE.cluster().withNodes(3)),
            Presets.A100T4_DENSE.withCluster(Presets.A100T4_DENSE.cluster().withNodes(4)),
            Presets.GAVEL_DENSE.withCluster(V100_P100_K80),
            Presets.PAPER_DENSE.withCluster(K80_P100),
            Presets.PAPER_DENSE_REALISTIC.withCluster(K80_P100),
            Presets.GAVEL_DENSE
                .withWorld(dl2.workload.WorldKind.REALISTIC)
                .withCluster(Presets.GAVEL_DENSE.cluster().withNodes(4)));
    int runs = 0;
    for (Preset preset : presets) {
      for (long seed = 1; seed <= 4; seed++) {
        Trace trace = trace(seed);
        SimulationConfig config = SimulationConfig.of(preset).withMaxSlots(20_000);
        Map<String, Double> jcts = new TreeMap<>();
        for (Map.Entry<String, Supplier<Scheduler>> scheduler : schedulers(seed).entrySet()) {
          SimulationResult result =
              new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed)
                  .run(scheduler.getValue().get());
          assertThat(result.jobs()).hasSize(trace.size());
          jcts.put(scheduler.getKey(), result.averageJct());
        }
        double best = jcts.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        CapacityBound.Totals bound =
            CapacityBound.of(trace, config, FittedOptimusSpeed.INSTANCE, seed, best * trace.size());
        double noContention =
            NoContentionBound.averageJct(trace, config, FittedOptimusSpeed.INSTANCE, seed);
        for (Map.Entry<String, Double> jct : jcts.entrySet()) {
          String what = jct.getKey() + " on " + preset.name() + " seed " + seed;
          assertThat(jct.getValue())
              .as("%s (bound %s)", what, bound)
              .isGreaterThanOrEqualTo(bound.averageJct() * (1 - ROUNDING));
          if (preset.world() == dl2.workload.WorldKind.DEFAULT) {
            assertThat(jct.getValue()).as(what).isGreaterThanOrEqualTo(noContention);
          }
          runs++;
        }
      }
    }
    assertThat(runs).isEqualTo(6 * 4 * schedulers(0).size());
  }

  /** A few overlapping jobs of random types. */
  private static Trace trace(long seed) {
    Rng rng = new Rng(seed * 7919);
    List<JobSpec> jobs = new ArrayList<>();
    int count = rng.nextIntInclusive(4, 10);
    for (int id = 1; id <= count; id++) {
      JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
      jobs.add(JobSpec.exact(id, type, rng.nextInt(4), 100 + rng.nextInt(2000)));
    }
    return new Trace("hetero" + seed, jobs);
  }

  private static Map<String, Supplier<Scheduler>> schedulers(long seed) {
    Map<String, Supplier<Scheduler>> schedulers = new TreeMap<>();
    for (String name : Schedulers.BASELINES) {
      schedulers.put(name, () -> Schedulers.baseline(name, 0, seed));
    }
    schedulers.put(
        "optimus-remaining@fewest-nodes",
        () -> new PlacedScheduler(new OptimusRemaining(), new FewestNodes()));
    return schedulers;
  }
}
