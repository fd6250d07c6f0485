package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.jobOf;
import static dl2.simulation.SimFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.ObservedSlot;
import dl2.slot.PlacedScheduler;
import dl2.slot.PlacedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PlacedSlot sends tryAdd where its placement says and keeps the occupancy of every add;
 * PlacedScheduler runs a slot on it.
 */
class PlacedSlotTest {
  /** Always the given node (or nowhere), recording what it was told. */
  private static final class Fixed implements Placement {
    final int node;
    final List<String> events = new ArrayList<>();

    Fixed(int node) {
      this.node = node;
    }

    @Override
    public String name() {
      return "fixed";
    }

    @Override
    public void startSlot(ObservedSlot slot) {
      events.add("start " + slot.slot());
    }

    @Override
    public int nodeFor(JobView job, Task task, PlacementView view) {
      events.add("place " + job.id() + " " + task);
      return node;
    }

    @Override
    public void endSlot(ObservedSlot slot, PlacementView view) {
      events.add("end " + slot.slot() + " with " + view.jobsOn(node) + " job(s) on node " + node);
    }
  }

  @Test
  void tryAddGoesToThePlacementsNodeAndIsRecorded() {
    SlotContext slot =
        simulator(3, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    PlacedSlot placed = new PlacedSlot(slot, new Fixed(2));
    JobView job = jobOf(placed, 1);
    assertThat(placed.tryAdd(job, Task.WORKER)).isTrue();
    assertThat(placed.tryAdd(job, Task.PS)).isTrue();
    assertThat(slot.cluster().used(2)).isEqualTo(new Resources(4, 1));
    assertThat(placed.occupancy().jobsOn(2)).isEqualTo(1);
    assertThat(placed.occupancy().workersOf(job, 2)).isEqualTo(1);
    assertThat(placed.occupancy().parameterServersOf(job, 2)).isEqualTo(1);
    assertThat(placed.occupancy().nodesOf(job)).isEqualTo(1);
    assertThat(placed.occupancy().nodeOf(job, 0)).isEqualTo(2);
  }

  @Test
  void tryAddOnIsRecordedTooAndARefusedAddIsNot() {
    // One node of 8 cores and 2 GPUs: two GPU bundles fill it; a third worker does not fit.
    SlotContext slot =
        simulator(
                1,
                16,
                TEN_PER_WORKER,
                job(1, JobType.RESNET_50, 0, 100),
                job(2, JobType.VGG_16, 0, 100))
            .beginSlot();
    PlacedSlot placed = new PlacedSlot(slot, new Fixed(0));
    assertThat(placed.tryAddOn(0, jobOf(placed, 2), Task.BUNDLE)).isTrue();
    assertThat(placed.tryAdd(jobOf(placed, 1), Task.BUNDLE)).isTrue();
    assertThat(placed.tryAdd(jobOf(placed, 1), Task.WORKER)).isFalse();
    PlacementView view = placed.occupancy();
    assertThat(view.jobsOn(0)).isEqualTo(2);
    assertThat(view.jobOn(0, 0).id()).isEqualTo(1); // ascending id, whatever the order of the adds
    assertThat(view.tasksOn(0)).isEqualTo(4);
    assertThat(view.foreignTasksOn(0, jobOf(placed, 1))).isEqualTo(2);
    assertThat(view.workersOf(jobOf(placed, 1), 0)).isEqualTo(1);
  }

  @Test
  void nowhereRefusesWithoutTouchingTheCluster() {
    SlotContext slot =
        simulator(2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100)).beginSlot();
    PlacedSlot placed = new PlacedSlot(slot, new Fixed(Placement.NOWHERE));
    assertThat(placed.tryAdd(jobOf(placed, 1), Task.BUNDLE)).isFalse();
    assertThat(slot.cluster().used(0)).isEqualTo(Resources.NONE);
    assertThat(jobOf(placed, 1).workers()).isZero();
    assertThat(placed.occupancy().nodesOf(jobOf(placed, 1))).isZero();
  }

  @Test
  void thePlacedSchedulerTellsItsPlacementTheSlotsStartAndEnd() {
    Fixed placement = new Fixed(1);
    Scheduler oneBundle = new SimFixtures.OneBundleEach();
    PlacedScheduler scheduler = new PlacedScheduler(oneBundle, placement);
    assertThat(scheduler.name()).isEqualTo("one-bundle-each@fixed");
    Simulator sim = simulator(2, 16, TEN_PER_WORKER, job(1, JobType.RESNET_50, 0, 100));
    scheduler.schedule(sim.beginSlot());
    assertThat(placement.events)
        .containsExactly("start 0", "place 1 BUNDLE", "end 0 with 1 job(s) on node 1");
    assertThat(sim.outstandingJobs().get(0).workers()).isEqualTo(1);
  }
}
