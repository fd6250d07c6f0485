package dl2.learning.policy;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.ActionSpace;
import dl2.learning.state.Observation;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.placement.LeastLoaded;
import dl2.slot.JobView;
import dl2.slot.PlacedSlot;
import dl2.slot.SlotContext;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The placed encoding's action space on 3 nodes of 8 cores and 2 GPUs, two resnet-50 jobs (a
 * worker: 2 cores, 1 GPU; a PS: 2 cores) and a window of 6 columns: job 1 in columns 0–2, job 2 in
 * 3–5, kinds beside-own, least-crowded, least-loaded in each.
 */
class PlacedDecisionsTest {
  private final Observer observer = new Observer(StateEncoding.PLACED.create(6, 4, 30000, true), 4);
  private final ActionSpace actions = observer.actions();
  private final SlotContext cluster =
      simulator(3, 4, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.RESNET_50, 0, 100))
          .beginSlot();

  /**
   * The slot as the placed encoding plays it: one that records where tasks go, the least-loaded
   * node for those without one.
   */
  private PlacedSlot start() {
    PlacedSlot slot = new PlacedSlot(cluster, new LeastLoaded());
    observer.startSlot(new MeasuredSpeeds(), slot);
    return slot;
  }

  @Test
  void everyJobHasOneColumnPerKindAndNoOwnNodeBeforeItsFirstTask() {
    PlacedSlot slot = start();
    Observation observation = observer.observe(slot.jobs(), 0, null);
    assertThat(observation.columns()).extracting(JobView::id).containsExactly(1, 1, 1, 2, 2, 2);
    assertThat(actions.size()).isEqualTo(19);
    boolean[] mask = observation.mask();
    assertThat(mask[actions.action(0, Task.WORKER)]).as("beside own, job on no node").isFalse();
    assertThat(mask[actions.action(1, Task.WORKER)]).isTrue();
    assertThat(mask[actions.action(2, Task.BUNDLE)]).isTrue();
    assertThat(observation.state()).hasSize(6 * observer.encoding().featuresPerColumn());
  }

  /**
   * After the start-of-slot bundles (job 1 on node 0, job 2 on node 1, least-loaded), a worker for
   * job 1 beside its own goes to node 0, and a PS to the least-loaded node goes to node 2.
   */
  @Test
  void anActionSendsItsTaskToItsKindOfNode() {
    PlacedSlot slot = start();
    StartOfSlotBundle.apply(slot);
    JobView one = slot.jobs().get(0);
    assertThat(slot.occupancy().nodeOf(one, 0)).isZero();
    Deque<Integer> chosen =
        new ArrayDeque<>(
            List.of(actions.action(0, Task.WORKER), actions.action(2, Task.PS), actions.stop()));
    Policy uniform =
        observation -> {
          double[] q = new double[observation.mask().length];
          q[actions.stop()] = 1;
          return q;
        };
    int kept =
        new SlotDecisions(observer, uniform)
            .run(slot, (observation, q) -> chosen.pop(), (o, q, a, stop) -> {});
    assertThat(kept).isEqualTo(3);
    assertThat(slot.occupancy().workersOf(one, 0)).isEqualTo(2);
    assertThat(slot.occupancy().parameterServersOf(one, 2)).isEqualTo(1);
    assertThat(slot.occupancy().nodesOf(one)).isEqualTo(2);
  }

  /**
   * With the window re-encoded after every task, a full node leaves the beside-own worker action
   * masked.
   */
  @Test
  void theMaskFollowsWhereTasksWent() {
    PlacedSlot slot = start();
    StartOfSlotBundle.apply(slot); // job 1: a worker and a PS on node 0 (1 GPU left)
    JobView one = slot.jobs().get(0);
    assertThat(slot.tryAddOn(0, one, Task.WORKER)).isTrue(); // node 0's GPUs are both taken
    boolean[] mask = observer.observe(slot.jobs(), 0, null).mask();
    assertThat(mask[actions.action(0, Task.WORKER)]).isFalse();
    assertThat(mask[actions.action(0, Task.PS)]).isTrue();
    assertThat(mask[actions.action(1, Task.WORKER)]).isTrue();
  }
}
