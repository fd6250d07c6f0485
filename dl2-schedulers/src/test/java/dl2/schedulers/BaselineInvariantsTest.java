package dl2.schedulers;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.Resources;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.simulation.SlotStats;
import dl2.slot.ClusterView;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import dl2.workload.Presets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every baseline (and the placement-aware greedy) on generated traces of the paper presets, shrunk
 * to 20 jobs, on random 2–8 node clusters with fixed seeds. The test drives the slot loop itself to
 * check each slot's state.
 */
class BaselineInvariantsTest {
  private static final SpeedModel SPEED = FittedOptimusSpeed.INSTANCE;
  private static final int JOBS = 20;
  private static final long[] SEEDS = {11, 22, 33};

  static Stream<Arguments> runs() {
    List<Arguments> runs = new ArrayList<>();
    for (String scheduler : Schedulers.NAMES) {
      for (Preset preset :
          List.of(Presets.PAPER_SMALL, Presets.PAPER_TESTBED, Presets.PAPER_DENSE)) {
        for (long seed : SEEDS) {
          runs.add(Arguments.of(scheduler, preset.name(), seed));
        }
      }
    }
    return runs.stream();
  }

  @ParameterizedTest(name = "{0} on {1}, seed {2}")
  @MethodSource("runs")
  void everySlotRespectsCapacityAndCapsAndEveryJobFinishesNoFasterThanAlone(
      String name, String presetName, long seed) {
    Preset base = Presets.byName(presetName);
    int nodes = new Rng(seed).nextIntInclusive(2, 8);
    Preset preset =
        base.withCluster(base.cluster().withNodes(nodes))
            .withWorkload(base.workload().withTotalJobs(JOBS));
    Trace trace = new Trace(presetName + "-" + seed, preset.generator().jobs(seed));
    SimulationConfig config = SimulationConfig.of(preset);
    Simulator sim = new Simulator(config, trace, SPEED, seed);
    Scheduler scheduler = Schedulers.baseline(name);
    Map<Integer, JobView> seen = new HashMap<>();
    Map<Integer, Double> progressBefore = new HashMap<>();

    while (!sim.finished()) {
      SlotContext slot = sim.beginSlot();
      scheduler.schedule(slot);
      int[] totals = checkCapacity(slot.cluster());
      for (JobView job : slot.jobs()) {
        assertThat(job.workers())
            .as("workers of job %d in slot %d", job.id(), slot.slot())
            .isLessThanOrEqualTo(config.taskCap());
        assertThat(job.parameterServers())
            .as("PSs of job %d in slot %d", job.id(), slot.slot())
            .isLessThanOrEqualTo(config.taskCap());
        seen.put(job.id(), job);
        progressBefore.put(job.id(), job.progress());
      }
      SlotStats stats = sim.endSlot().stats();
      assertThat(stats.cpuUtilisation())
          .isEqualTo((double) totals[0] / config.cluster().totalCores());
      assertThat(stats.gpuUtilisation())
          .isEqualTo((double) totals[1] / config.cluster().totalGpus());
      for (JobView job : seen.values()) {
        assertThat(job.progress())
            .as("progress of job %d", job.id())
            .isGreaterThanOrEqualTo(progressBefore.get(job.id()));
      }
    }

    SimulationResult result = sim.result();
    assertThat(result.jobs())
        .extracting(JobResult::id)
        .containsExactlyElementsOf(trace.jobs().stream().map(JobSpec::id).toList());
    for (JobResult job : result.jobs()) {
      JobSpec spec = trace.jobs().get(job.id() - 1);
      assertThat(spec.id()).isEqualTo(job.id());
      double ideal = spec.realEpochs() / bestEpochsPerSlot(spec, config);
      assertThat(job.jct())
          .as("JCT of job %d", job.id())
          .isGreaterThanOrEqualTo(ideal * (1 - 1e-9));
      assertThat(job.completionTime()).isGreaterThan(spec.arrivalSlot() - 1.0);
    }
  }

  /**
   * Checks every node's usage against its capacity and returns the cluster totals (cores, GPUs).
   */
  private static int[] checkCapacity(ClusterView cluster) {
    int cores = 0;
    int gpus = 0;
    for (int node = 0; node < cluster.nodeCount(); node++) {
      Resources used = cluster.used(node);
      assertThat(used.cores())
          .as("cores on node %d", node)
          .isLessThanOrEqualTo(cluster.nodeCapacity().cores());
      assertThat(used.gpus())
          .as("GPUs on node %d", node)
          .isLessThanOrEqualTo(cluster.nodeCapacity().gpus());
      cores += used.cores();
      gpus += used.gpus();
    }
    return new int[] {cores, gpus};
  }

  /** The job alone at its best configuration: max epochs per slot over p, w in 1..cap. */
  private static double bestEpochsPerSlot(JobSpec job, SimulationConfig config) {
    double best = 0;
    for (int p = 1; p <= config.taskCap(); p++) {
      for (int w = 1; w <= config.taskCap(); w++) {
        best = Math.max(best, SPEED.epochsPerSlot(job.type(), p, w, config.slotSeconds()));
      }
    }
    return best;
  }
}
