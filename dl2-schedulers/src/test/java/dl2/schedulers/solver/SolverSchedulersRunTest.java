package dl2.schedulers.solver;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.bounds.CapacityBound;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.WorldKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeded random small traces on shrunk gavel-dense and a100t4-dense clusters, in both worlds: every
 * optimiser finishes every job, never holds more GPUs of a type than the cluster has, none beats
 * the capacity bound, and a second run gives the same result bit for bit.
 */
class SolverSchedulersRunTest {
  private static final List<String> NAMES =
      List.of(
          SolverSchedulers.GAVEL_MAX_MIN,
          SolverSchedulers.GAVEL_MIN_JCT,
          SolverSchedulers.GAVEL_MAX_MIN_ORACLE,
          SolverSchedulers.GAVEL_MIN_JCT_ORACLE,
          SolverSchedulers.SIA_ORACLE);

  @Test
  void everyOptimiserFinishesEveryJobWithinEachTypesGpusAndRepeats() {
    List<Preset> presets =
        List.of(
            Presets.GAVEL_DENSE.withCluster(Presets.GAVEL_DENSE.cluster().withNodes(4)),
            Presets.A100T4_DENSE.withCluster(Presets.A100T4_DENSE.cluster().withNodes(3)),
            Presets.GAVEL_DENSE
                .withWorld(WorldKind.REALISTIC)
                .withCluster(Presets.GAVEL_DENSE.cluster().withNodes(5)));
    int runs = 0;
    for (Preset preset : presets) {
      for (long seed = 1; seed <= 3; seed++) {
        Trace trace = trace(seed);
        SimulationConfig config = SimulationConfig.of(preset).withMaxSlots(20_000);
        for (String name : NAMES) {
          SimulationResult first = run(config, trace, name, seed);
          SimulationResult second = run(config, trace, name, seed);
          assertThat(first.jobs()).as(name).hasSize(trace.size());
          assertThat(second.averageJct()).as(name).isEqualTo(first.averageJct());
          assertThat(second.jobs()).as(name).isEqualTo(first.jobs());
          CapacityBound.Totals bound =
              CapacityBound.of(
                  trace,
                  config,
                  FittedOptimusSpeed.INSTANCE,
                  seed,
                  first.averageJct() * trace.size());
          assertThat(first.averageJct())
              .as("%s on %s seed %d", name, preset.name(), seed)
              .isGreaterThanOrEqualTo(bound.averageJct() * (1 - 1e-12));
          runs++;
        }
      }
    }
    assertThat(runs).isEqualTo(3 * 3 * NAMES.size());
  }

  private static SimulationResult run(
      SimulationConfig config, Trace trace, String name, long seed) {
    Scheduler inner = Schedulers.baseline(name, 0, seed);
    GpuTypeCapacity capacity = GpuTypeCapacity.of(config.cluster());
    Scheduler checked =
        new Scheduler() {
          @Override
          public String name() {
            return inner.name();
          }

          @Override
          public boolean placesItsOwnTasks() {
            return true;
          }

          @Override
          public void schedule(SlotContext slot) {
            inner.schedule(slot);
            int[] used = new int[capacity.typeCount()];
            for (int node = 0; node < slot.cluster().nodeCount(); node++) {
              used[capacity.typeOfNode(node)] += slot.cluster().used(node).gpus();
            }
            for (int k = 0; k < used.length; k++) {
              assertThat(used[k]).isLessThanOrEqualTo(capacity.gpus(k));
            }
          }
        };
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed).run(checked);
  }

  /** A few overlapping jobs of random types. */
  private static Trace trace(long seed) {
    Rng rng = new Rng(seed * 104729);
    List<JobSpec> jobs = new ArrayList<>();
    int count = rng.nextIntInclusive(4, 10);
    for (int id = 1; id <= count; id++) {
      JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
      jobs.add(JobSpec.exact(id, type, rng.nextInt(4), 100 + rng.nextInt(2000)));
    }
    return new Trace("typed" + seed, jobs);
  }
}
