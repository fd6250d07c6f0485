package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.NodeOccupancy;
import dl2.slot.PlacementProbe;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/**
 * A probe counts a job's own tasks per node and the tasks of other jobs that train (a worker and a
 * PS), as the world does.
 */
class PlacementProbeTest {
  private final SlotContext slot =
      simulator(
              3,
              16,
              TEN_PER_WORKER,
              job(1, JobType.RESNET_50, 0, 100),
              job(2, JobType.VGG_16, 0, 100))
          .beginSlot();
  private final NodeOccupancy occupancy = new NodeOccupancy(slot.cluster());
  private final JobView one = slot.jobs().get(0);
  private final JobView two = slot.jobs().get(1);

  private void add(JobView job, Task task, int node) {
    assertThat(slot.tryAddOn(node, job, task)).isTrue();
    occupancy.record(job, task, node);
  }

  @Test
  void aJobWithoutAPsDoesNotInterfere() {
    add(one, Task.BUNDLE, 0);
    add(two, Task.WORKER, 0);
    PlacementProbe probe = PlacementProbe.of(occupancy, one);
    assertThat(probe.nodes()).isEqualTo(1);
    assertThat(probe.foreignTasks(0, JobType.VGG_16)).isZero();
  }

  @Test
  void aPsThatMakesTheNeighbourTrainCountsAllItsTasks() {
    // Job 2's worker on node 0 and its PS to come on node 1: job 2 then trains, and its worker
    // counts on node 0.
    add(one, Task.BUNDLE, 0);
    add(two, Task.WORKER, 0);
    PlacementProbe probe = PlacementProbe.of(occupancy, one, two, Task.PS, 1);
    assertThat(probe.foreignTasks(0, JobType.VGG_16)).isEqualTo(1);
  }

  @Test
  void anOwnTaskOnANewNodeAddsThatNode() {
    // Job 1: worker and PS on 0, a second worker on 2: L = 1/2.
    add(one, Task.BUNDLE, 0);
    add(two, Task.BUNDLE, 2);
    PlacementProbe probe = PlacementProbe.of(occupancy, one, one, Task.WORKER, 2);
    assertThat(probe.nodes()).isEqualTo(2);
    assertThat(probe.totalWorkers()).isEqualTo(2);
    assertThat(probe.totalParameterServers()).isEqualTo(1);
    assertThat(probe.localPairFraction()).isEqualTo(0.5);
    assertThat(probe.foreignTasks(0, JobType.VGG_16)).isZero();
    assertThat(probe.foreignTasks(1, JobType.VGG_16)).isEqualTo(2);
  }
}
