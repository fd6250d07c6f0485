package dl2.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobResult;
import dl2.model.NodeGroup;
import dl2.model.Trace;
import dl2.placement.PlacedSchedulers;
import dl2.placement.Placements;
import dl2.registry.Launch;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.simulation.world.ExactWorld;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.World;
import dl2.slot.ScalingCost;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.slot.StableScheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Emulated Kubernetes training and the simulator compute every job's slot with the same world code,
 * so with the same pods on the same nodes each job completes at the same time, in either world. The
 * controller keeps running tasks in place ({@link StableScheduler}), so the simulator runs the same
 * rule: {@code SCHEDULER@stable}, or {@code @stable-PLACEMENT}.
 */
class WorldAgreementTest {
  private static final Preset PRESET = Presets.PAPER_TESTBED;
  private static final long SEED = 17;
  private static final int JOBS = 5;

  @Test
  void everyJobCompletesWhenTheSimulatorSaysInTheDefaultWorld() {
    assertAgree(ExactWorld.INSTANCE, "drf");
  }

  @Test
  void everyJobCompletesWhenTheSimulatorSaysInTheRealisticWorld() {
    assertAgree(RealisticWorld.calibrated(), "tetris");
  }

  /**
   * What the controller runs for a scheduler is what simulate and compare call
   * SCHEDULER@stable(-PLACEMENT).
   */
  @Test
  void theStableNameIsTheRuleTheControllerRuns() {
    assertThat(StableScheduler.around(scheduler("optimus-fitted@fewest-nodes")).name())
        .isEqualTo(scheduler("optimus-fitted@stable-fewest-nodes").name())
        .isEqualTo("optimus-fitted@stable-fewest-nodes");
    assertThat(StableScheduler.around(scheduler("drf")).name()).isEqualTo("drf@stable");
  }

  /**
   * Under every placement (and the greedy that places its own tasks), in both worlds, the emulated
   * jobs complete when the simulated ones do.
   */
  @Test
  void everyPlacementAgreesInBothWorlds() {
    for (World world : List.of(ExactWorld.INSTANCE, RealisticWorld.calibrated())) {
      for (String placement : Placements.NAMES) {
        assertAgree(world, "optimus-fitted@" + placement);
      }
      assertAgree(world, "ia-greedy");
    }
  }

  /**
   * On a cluster of GPU types the emulator reads each node's type from its GPU product label (the
   * emulator is given the world without types), and the jobs complete when the simulator says.
   */
  @Test
  void onGpuTypedNodesTheLabelsGiveTheTypesAndTheJobsAgree() {
    ClusterSpec typed =
        new ClusterSpec(
            List.of(
                new NodeGroup(2, 8, 2, GpuCatalogue.K80),
                new NodeGroup(2, 8, 2, GpuCatalogue.P100),
                new NodeGroup(2, 8, 2, GpuCatalogue.V100)));
    try (MockCluster cluster = new MockCluster(typed)) {
      assertAgree(cluster, typed, ExactWorld.INSTANCE, "optimus-fitted");
    }
  }

  /** The controller's schedulers see the types of the node labels, as node groups. */
  @Test
  void theControllersSchedulerSeesTheLabelledTypes() {
    ClusterSpec typed =
        new ClusterSpec(
            List.of(
                new NodeGroup(2, 8, 2, GpuCatalogue.T4),
                new NodeGroup(1, 8, 2, GpuCatalogue.A100)));
    Scheduler drf = scheduler("drf");
    List<ClusterSpec> seen = new java.util.ArrayList<>();
    Scheduler watching =
        new Scheduler() {
          @Override
          public String name() {
            return drf.name();
          }

          @Override
          public void schedule(dl2.slot.SlotContext slot) {
            seen.add(slot.cluster().spec());
            drf.schedule(slot);
          }
        };
    try (MockCluster cluster = new MockCluster(typed)) {
      Trace trace =
          new Trace("one", TraceSets.validation(PRESET, SEED, 1).get(0).jobs().subList(0, 1));
      new ClusterEmulator(
              cluster,
              PRESET.taskCap(),
              PRESET.slotSeconds(),
              FittedOptimusSpeed.INSTANCE,
              ScalingCost.NONE,
              ExactWorld.INSTANCE,
              SEED)
          .run(trace, watching, 1000, (r, s, p) -> {});
    }
    assertThat(seen).isNotEmpty().allSatisfy(spec -> assertThat(spec).isEqualTo(typed));
  }

  /**
   * A node the inventory leaves out (cordoned before the run) shifts the indices of the nodes after
   * it, but not their types: they are read by node name. The simulator runs the cluster without
   * that node.
   */
  @Test
  void aNodeLeftOutShiftsNoOtherNodesType() {
    ClusterSpec labelled =
        new ClusterSpec(
            List.of(
                new NodeGroup(2, 8, 2, GpuCatalogue.K80),
                new NodeGroup(2, 8, 2, GpuCatalogue.V100)));
    ClusterSpec inUse =
        new ClusterSpec(
            List.of(
                new NodeGroup(1, 8, 2, GpuCatalogue.K80),
                new NodeGroup(2, 8, 2, GpuCatalogue.V100)));
    try (MockCluster cluster = new MockCluster(labelled)) {
      cluster
          .client()
          .nodes()
          .withName("node-000")
          .edit(n -> new NodeBuilder(n).editOrNewSpec().withUnschedulable(true).endSpec().build());
      assertAgree(cluster, inUse, ExactWorld.INSTANCE, "optimus-fitted");
    }
  }

  private static Scheduler scheduler(String name) {
    return PlacedSchedulers.create(
        SchedulerName.parse(name), Schedulers.BUILT_IN, Placements.BUILT_IN, Launch.live(0));
  }

  private static void assertAgree(World world, String scheduler) {
    try (MockCluster cluster = new MockCluster(PRESET.cluster())) {
      assertAgree(cluster, PRESET.cluster(), world, scheduler);
    }
  }

  /** On {@code cluster}, whose usable nodes {@code simulatedCluster} describes. */
  private static void assertAgree(
      MockCluster cluster, ClusterSpec simulatedCluster, World world, String scheduler) {
    Trace full = TraceSets.validation(PRESET, TraceSets.DEFAULT_BASE_SEED, 1).get(0);
    Trace trace =
        new Trace(
            "first-" + JOBS,
            full.jobs().subList(0, JOBS)); // enough to share nodes, quick to emulate
    SimulationConfig config =
        SimulationConfig.of(PRESET.withCluster(simulatedCluster)).withWorld(world);
    SimulationResult simulated =
        new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, SEED)
            .run(StableScheduler.around(scheduler(scheduler)));
    ClusterEmulator emulator =
        new ClusterEmulator(
            cluster,
            PRESET.taskCap(),
            PRESET.slotSeconds(),
            FittedOptimusSpeed.INSTANCE,
            ScalingCost.NONE,
            world,
            SEED);
    SimulationResult emulated = emulator.run(trace, scheduler(scheduler), 1000, (r, s, p) -> {});
    List<JobResult> expected = simulated.jobs();
    assertThat(emulated.jobs()).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      // The emulator reports completion times through pod statuses in nanoseconds.
      assertThat(emulated.jobs().get(i).id()).isEqualTo(expected.get(i).id());
      assertThat(emulated.jobs().get(i).completionTime())
          .as("%s job %d in the %s world", scheduler, expected.get(i).id(), world.name())
          .isCloseTo(expected.get(i).completionTime(), within(1e-6));
    }
  }
}
