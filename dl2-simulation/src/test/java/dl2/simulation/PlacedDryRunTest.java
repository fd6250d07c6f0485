package dl2.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.world.RealisticWorld;
import dl2.simulation.world.WorldFixtures;
import dl2.simulation.world.WorldParameters;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import dl2.slot.NodeOccupancy;
import dl2.slot.PlacementProbe;
import dl2.slot.SlotContext;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The oracle's placed dry run: the simulator's world answers how fast a job would go placed as a
 * probe says, without fluctuation; with no fluctuation it is exactly what the slot then gives.
 */
class PlacedDryRunTest {
  private static final JobType RESNET = JobType.RESNET_50;
  private static final JobType VGG = JobType.VGG_16;

  private static SimulationConfig config(WorldParameters parameters) {
    return new SimulationConfig(ClusterSpec.ofNodes(3), 8, WorldFixtures.SLOT_SECONDS, 0, 1000)
        .withWorld(new RealisticWorld(parameters));
  }

  private static Trace trace() {
    return new Trace(
        "probe",
        List.of(
            JobSpec.exact(1, RESNET, 0, 1000),
            JobSpec.exact(2, VGG, 0, 1000),
            JobSpec.exact(3, RESNET, 0, 1000)));
  }

  /**
   * Unit model (1 s compute, 1 s communication per sample), λ = 0.25, every s = 0.5 (a foreign task
   * adds 1 to the communication factor). Job 1: worker on 0, PS on 1; job 2: worker and PS on 0;
   * job 3 alone on 2. Job 1: L = 0, I = 1 + 2 on node 0: 1/(1 + 3) = 0.25. Job 2: L = 1 (π = 0.25),
   * I = 1 + 1: 1/(1 + 0.5) = 0.667. Job 3: π = 0.25, I = 1: 0.8.
   */
  @Test
  void theDryRunIsWhatTheSlotGivesWithoutFluctuation() {
    Simulator sim =
        new Simulator(config(WorldFixtures.parameters(0.25, 0.5)), trace(), WorldFixtures.UNIT, 5);
    SlotContext slot = sim.beginSlot();
    NodeOccupancy occupancy = new NodeOccupancy(slot.cluster());
    add(slot, occupancy, 1, Task.WORKER, 0);
    add(slot, occupancy, 1, Task.PS, 1);
    add(slot, occupancy, 2, Task.BUNDLE, 0);
    add(slot, occupancy, 3, Task.BUNDLE, 2);
    double[] dry = new double[3];
    for (int i = 0; i < 3; i++) {
      dry[i] =
          slot.dryRunPlacedEpochsPerSlot(
              slot.jobs().get(i), PlacementProbe.of(occupancy, slot.jobs().get(i)));
    }
    assertThat(dry[0]).isCloseTo(0.25, within(1e-12));
    assertThat(dry[1]).isCloseTo(1 / 1.5, within(1e-12));
    assertThat(dry[2]).isCloseTo(0.8, within(1e-12));
    List<JobProgress> progress = sim.endSlot().progress();
    for (int i = 0; i < 3; i++) {
      assertThat(progress.get(i).epochsDone()).isEqualTo(dry[i]);
    }
  }

  @Test
  void aProbeWithOneMoreTaskAnswersTheSlotThatWouldFollow() {
    // Job 2 alone on node 0 does 1/(1 + 0.25) = 0.8; job 3's worker joining it there adds 1 to its
    // factor:
    // 1/(1 + 0.25·2) = 0.667.
    Simulator sim =
        new Simulator(config(WorldFixtures.parameters(0.25, 0.5)), trace(), WorldFixtures.UNIT, 5);
    SlotContext slot = sim.beginSlot();
    NodeOccupancy occupancy = new NodeOccupancy(slot.cluster());
    add(slot, occupancy, 2, Task.BUNDLE, 0);
    add(slot, occupancy, 3, Task.BUNDLE, 2);
    JobView two = slot.jobs().get(1);
    PlacementProbe probe = PlacementProbe.of(occupancy, two, slot.jobs().get(2), Task.WORKER, 0);
    assertThat(slot.dryRunPlacedEpochsPerSlot(two, probe)).isCloseTo(1 / 1.5, within(1e-12));
  }

  @Test
  void theDefaultWorldAnswersItsCurveWhereverTheTasksAre() {
    Simulator sim =
        new Simulator(
            new SimulationConfig(ClusterSpec.ofNodes(3), 8, 1200, 0, 1000),
            trace(),
            SimFixtures.rate((t, p, w) -> 10.0 * w + p),
            5);
    SlotContext slot = sim.beginSlot();
    PlacementProbe spread = new PlacementProbe(new int[] {2, 0}, new int[] {0, 3}, new int[2][8]);
    assertThat(slot.dryRunPlacedEpochsPerSlot(slot.jobs().get(0), spread)).isEqualTo(23.0);
  }

  @Test
  void clustersWithoutDryRunsRefuseIt() {
    Simulator sim =
        SimulatedClusters.of(config(WorldFixtures.parameters(0.25, 0.5)), WorldFixtures.UNIT)
            .observationOnly()
            .open(trace(), 5);
    SlotContext slot = sim.beginSlot();
    PlacementProbe probe = new PlacementProbe(new int[] {1}, new int[] {1}, new int[1][8]);
    assertThatThrownBy(() -> slot.dryRunPlacedEpochsPerSlot(slot.jobs().get(0), probe))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("answers no dry runs");
  }

  private static void add(SlotContext slot, NodeOccupancy occupancy, int id, Task task, int node) {
    JobView job = slot.jobs().get(id - 1);
    assertThat(slot.tryAddOn(node, job, task)).isTrue();
    occupancy.record(job, task, node);
  }
}
