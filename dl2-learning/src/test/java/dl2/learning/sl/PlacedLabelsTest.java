package dl2.learning.sl;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.EnvironmentFixtures;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.placement.FewestNodes;
import dl2.slot.PlacedScheduler;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Teacher labels in the placed encoding: the column of the first kind of node that would have
 * chosen the teacher's node. 3 nodes of 8 cores and 2 GPUs, two resnet-50 jobs, window 6 (job 1 in
 * columns 0–2, job 2 in 3–5, kinds beside-own, least-crowded, least-loaded).
 */
class PlacedLabelsTest {
  /**
   * The labels of {@code teacher}'s first slot on the class's cluster and jobs, in the placed
   * encoding.
   */
  private static List<Integer> labelsOf(Scheduler teacher) {
    Observer observer = new Observer(StateEncoding.PLACED.create(6, 4, 30000, true), 4);
    SlotContext cluster =
        simulator(3, 4, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.RESNET_50, 0, 100))
            .beginSlot();
    List<LabelledSample> samples = new ArrayList<>();
    new TeacherSlot(false, false, false, false)
        .step(teacher, observer, new MeasuredSpeeds(), null, samples::add)
        .schedule(cluster);
    return samples.stream().map(LabelledSample::label).toList();
  }

  /** A teacher that makes {@code moves} in every slot. */
  private static Scheduler byHand(Consumer<SlotContext> moves) {
    return EnvironmentFixtures.scheduler("by-hand", moves);
  }

  /**
   * The teacher puts job 1's worker on node 2 (every kind would take node 0: no label), job 1's PS
   * on node 2 (beside its own worker: column 0, action 1), and job 2's worker on node 0 (no task of
   * another job there, the least loaded of such nodes with node 1, lower index: least crowded,
   * column 4, action 12).
   */
  @Test
  void theTeachersNodeBecomesTheFirstKindChoosingIt() {
    Scheduler teacher =
        byHand(
            slot -> {
              assertThat(slot.tryAddOn(2, slot.jobs().get(0), Task.WORKER)).isTrue();
              assertThat(slot.tryAddOn(2, slot.jobs().get(0), Task.PS)).isTrue();
              assertThat(slot.tryAddOn(0, slot.jobs().get(1), Task.WORKER)).isTrue();
            });
    assertThat(labelsOf(teacher)).containsExactly(-1, 1, 12);
  }

  /**
   * A placed teacher ({@code train --teacher X@fewest-nodes}) names no node; fewest-nodes does, and
   * its nodes are labelled as any teacher's. Job 1's worker goes to node 0 (it has no node: the
   * least loaded, lower index), which beside-own cannot choose (no own node) and least-crowded
   * does: column 1, action 3; its PS beside it on node 0: column 0, action 1; job 2's worker to
   * node 1 (the least loaded, lower index), which least-crowded chooses (no task of another job
   * there): column 4, action 12.
   */
  @Test
  void aTeacherUnderFewestNodesIsLabelledByTheKindsOfTheNodesItsPlacementChose() {
    Scheduler byCount =
        byHand(
            slot -> {
              assertThat(slot.tryAdd(slot.jobs().get(0), Task.WORKER)).isTrue();
              assertThat(slot.tryAdd(slot.jobs().get(0), Task.PS)).isTrue();
              assertThat(slot.tryAdd(slot.jobs().get(1), Task.WORKER)).isTrue();
            });
    assertThat(labelsOf(new PlacedScheduler(byCount, new FewestNodes()))).containsExactly(3, 1, 12);
  }
}
