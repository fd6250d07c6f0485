package example;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.schedulers.SchedulerPlugin;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The example scheduler in the simulator: a case worked by hand, a whole trace, and its registration. */
class LeastAttainedServiceTest {
  private static final int SLOT_SECONDS = 1200;

  private static SimulationResult run(Trace trace, ClusterSpec cluster, Scheduler scheduler) {
    SimulationConfig config = new SimulationConfig(cluster, 16, SLOT_SECONDS, 0, 1000);
    return new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, 1).run(scheduler);
  }

  /**
   * One node that fits one bundle (4 cores, 1 GPU) and two resnet-50 jobs of exactly two slots'
   * work at one bundle, both arriving in slot 0. DRF ties on share, then on id, so job 1 runs
   * slots 0-1 and job 2 slots 2-3 (JCTs 2 and 4). Least attained service takes turns: job 1 runs
   * slots 0 and 2, job 2 slots 1 and 3 (JCTs 3 and 4).
   */
  @Test
  void jobsTakeTurnsWhereDrfRunsOneToTheEnd() {
    double twoSlots = 2 * FittedOptimusSpeed.INSTANCE.epochsPerSlot(JobType.RESNET_50, 1, 1, SLOT_SECONDS);
    Trace trace = new Trace("two", List.of(JobSpec.exact(1, JobType.RESNET_50, 0, twoSlots),
        JobSpec.exact(2, JobType.RESNET_50, 0, twoSlots)));
    ClusterSpec oneBundle = new ClusterSpec(1, 4, 1);

    assertThat(run(trace, oneBundle, new LeastAttainedService()).jobs()).extracting(JobResult::jct).containsExactly(3.0, 4.0);
    assertThat(run(trace, oneBundle, Schedulers.baseline("drf")).jobs()).extracting(JobResult::jct).containsExactly(2.0, 4.0);
  }

  @Test
  void everyJobOfAGeneratedTraceCompletes() {
    Trace trace = TraceSets.validation(Presets.PAPER_TESTBED, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
    SimulationResult result = run(trace, Presets.PAPER_TESTBED.cluster(), new LeastAttainedService());
    assertThat(result.jobs()).hasSize(trace.size());
    assertThat(result.averageJct()).isPositive();
  }

  @Test
  void thePluginIsRegisteredAndCreatesFreshSchedulers() {
    List<SchedulerPlugin> plugins = ServiceLoader.load(SchedulerPlugin.class, getClass().getClassLoader()).stream()
        .map(ServiceLoader.Provider::get).filter(p -> p.name().equals("las")).toList();
    assertThat(plugins).hasSize(1);
    Scheduler a = plugins.get(0).create(1);
    assertThat(a.name()).isEqualTo("las");
    assertThat(plugins.get(0).create(1)).isNotSameAs(a);
  }
}
