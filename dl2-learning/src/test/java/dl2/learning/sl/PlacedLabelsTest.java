package dl2.learning.sl;

import static dl2.learning.EnvironmentFixtures.job;
import static dl2.learning.EnvironmentFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoder;
import dl2.learning.state.StateEncoding;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Teacher labels in the placed encoding: the column of the first kind of node that would have
 * chosen the teacher's node. 3 nodes of 8 cores and 2 GPUs, two resnet-50 jobs, window 6 (job 1
 * in columns 0–2, job 2 in 3–5, kinds beside-own, least-crowded, least-loaded).
 */
class PlacedLabelsTest {
  /**
   * The teacher puts job 1's worker on node 2 (every kind would take node 0: no label), job 1's PS
   * on node 2 (beside its own worker: column 0, action 1), and job 2's worker on node 0 (no task of
   * another job there, the least loaded of such nodes with node 1, lower index: least crowded,
   * column 4, action 12).
   */
  @Test
  void theTeachersNodeBecomesTheFirstKindChoosingIt() {
    Observer observer = new Observer(new StateEncoder(StateEncoding.PLACED, 6, 4, 30000, true), 4);
    SlotContext cluster = simulator(3, 4, job(1, JobType.RESNET_50, 0, 100), job(2, JobType.RESNET_50, 0, 100)).beginSlot();
    observer.startSlot(new MeasuredSpeeds(), cluster);
    Scheduler teacher = new Scheduler() {
      @Override
      public String name() {
        return "by-hand";
      }

      @Override
      public void schedule(SlotContext slot) {
        assertThat(slot.tryAddOn(2, slot.jobs().get(0), Task.WORKER)).isTrue();
        assertThat(slot.tryAddOn(2, slot.jobs().get(0), Task.PS)).isTrue();
        assertThat(slot.tryAddOn(0, slot.jobs().get(1), Task.WORKER)).isTrue();
      }
    };
    List<LabelledSample> samples = new ArrayList<>();
    new TeacherSlot(false, false, false, false).run(teacher, cluster, observer, null, samples::add);
    assertThat(samples).extracting(LabelledSample::label).containsExactly(-1, 1, 12);
  }
}
