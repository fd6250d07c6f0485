package dl2.learning.state;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.model.Task;
import dl2.placement.LeastLoaded;
import dl2.slot.JobView;
import dl2.slot.PlacedSlot;
import dl2.slot.Placement;
import dl2.slot.PlacementView;
import org.junit.jupiter.api.Test;

/**
 * The kinds of node on nodes of 8 cores and 2 GPUs; resnet-50: a worker takes 2 cores and 1 GPU, a
 * PS 2 cores. Job 1 holds a worker and a PS on node 0 (load 4/8 + 1/2 = 1.0); job 2 a worker on
 * node 1 (2/8 + 1/2 = 0.75) and a PS on node 2 (2/8 = 0.25); job 3 holds nothing.
 */
class NodeKindTest {
  private final PlacedSlot slot =
      new PlacedSlot(
          simulator(
                  3,
                  4,
                  job(1, JobType.RESNET_50, 0, 100),
                  job(2, JobType.RESNET_50, 0, 100),
                  job(3, JobType.RESNET_50, 0, 100))
              .beginSlot(),
          new LeastLoaded());
  private final JobView one = slot.jobs().get(0);
  private final JobView two = slot.jobs().get(1);
  private final JobView three = slot.jobs().get(2);
  private final PlacementView view = slot.occupancy();

  NodeKindTest() {
    assertThat(
            slot.tryAddOn(0, one, Task.WORKER)
                && slot.tryAddOn(0, one, Task.PS)
                && slot.tryAddOn(1, two, Task.WORKER)
                && slot.tryAddOn(2, two, Task.PS))
        .isTrue();
  }

  /**
   * Job 1's worker: its own node 0; node 0 again as least crowded (0 tasks of others, against 1 and
   * 1); node 2 as least loaded.
   */
  @Test
  void eachKindPicksItsNodeForAJobWithItsOwnNode() {
    assertThat(NodeKind.BESIDE_OWN.nodeFor(one, Task.WORKER, view)).isZero();
    assertThat(NodeKind.LEAST_CROWDED.nodeFor(one, Task.WORKER, view)).isZero();
    assertThat(NodeKind.LEAST_LOADED.nodeFor(one, Task.WORKER, view)).isEqualTo(2);
  }

  /**
   * Job 2's worker beside its own: node 2 makes a pair with its PS there, node 1 none. Least
   * crowded: nodes 1 and 2 hold no task of another job; node 2 is less loaded.
   */
  @Test
  void besideOwnPrefersTheNodeWhereTheTaskMakesPairs() {
    assertThat(NodeKind.BESIDE_OWN.nodeFor(two, Task.WORKER, view)).isEqualTo(2);
    assertThat(NodeKind.BESIDE_OWN.nodeFor(two, Task.PS, view)).isEqualTo(1);
    assertThat(NodeKind.LEAST_CROWDED.nodeFor(two, Task.WORKER, view)).isEqualTo(2);
  }

  /** A job on no node has no own node; the other kinds still find one. */
  @Test
  void aJobWithoutTasksHasNoOwnNode() {
    assertThat(NodeKind.BESIDE_OWN.nodeFor(three, Task.BUNDLE, view)).isEqualTo(Placement.NOWHERE);
    assertThat(NodeKind.LEAST_CROWDED.nodeFor(three, Task.BUNDLE, view)).isEqualTo(2);
    assertThat(NodeKind.LEAST_LOADED.nodeFor(three, Task.BUNDLE, view)).isEqualTo(2);
  }

  /**
   * Node 0 with a second worker of job 1 has both GPUs taken: no worker fits beside job 1, a PS
   * still does.
   */
  @Test
  void aNodeTheTaskDoesNotFitIsNeverChosen() {
    assertThat(slot.tryAddOn(0, one, Task.WORKER)).isTrue();
    assertThat(NodeKind.BESIDE_OWN.nodeFor(one, Task.WORKER, view)).isEqualTo(Placement.NOWHERE);
    assertThat(NodeKind.BESIDE_OWN.nodeFor(one, Task.PS, view)).isZero();
    assertThat(NodeKind.LEAST_CROWDED.nodeFor(one, Task.WORKER, view)).isNotZero();
  }

  /** A teacher's node as a label: the first kind that would have chosen it, or none. */
  @Test
  void aChosenNodeMapsToTheFirstKindChoosingIt() {
    assertThat(NodeKind.choosing(0, one, Task.WORKER, view)).isEqualTo(NodeKind.BESIDE_OWN);
    assertThat(NodeKind.choosing(2, one, Task.WORKER, view)).isEqualTo(NodeKind.LEAST_LOADED);
    assertThat(NodeKind.choosing(1, one, Task.WORKER, view)).isNull();
    assertThat(NodeKind.choosing(2, three, Task.BUNDLE, view)).isEqualTo(NodeKind.LEAST_CROWDED);
  }

  @Test
  void columnsGoKindByKind() {
    assertThat(NodeKind.ofColumn(0)).isEqualTo(NodeKind.BESIDE_OWN);
    assertThat(NodeKind.ofColumn(4)).isEqualTo(NodeKind.LEAST_CROWDED);
    assertThat(NodeKind.ofColumn(8)).isEqualTo(NodeKind.LEAST_LOADED);
  }
}
