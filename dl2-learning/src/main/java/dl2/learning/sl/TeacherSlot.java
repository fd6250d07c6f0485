package dl2.learning.sl;

import dl2.learning.policy.StartOfSlotBundle;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.function.Consumer;

/**
 * How one teacher slot of the supervised warm-up is recorded (dl2-spec §8). The last two switches
 * are the spec's candidate fixes of its SL/RL mismatches 1 and 2 (Project, off by default):
 *
 * @param splitBundles teacher bundles become worker-then-PS samples (Original); off labels bundles
 * @param dropUnlabelled drop samples whose job is outside the window (Original keeps them)
 * @param startOfSlotBundle the teacher starts from RL's slot start (every job offered 1/1, §7.4,
 *     unrecorded) instead of 0/0
 * @param stopLabels when the teacher is done, its final state is labelled "stop"
 */
public record TeacherSlot(boolean splitBundles, boolean dropUnlabelled, boolean startOfSlotBundle, boolean stopLabels) {
  /** Runs {@code teacher} on {@code slot}, sending each labelled sample to {@code sink}. */
  public void run(Scheduler teacher, SlotContext cluster, Observer observer, Rng shuffle, Consumer<LabelledSample> sink) {
    observer.placementStarts(cluster.slot());
    SlotContext slot = observer.place(cluster); // the placed encoding's record of where tasks go
    if (startOfSlotBundle) {
      StartOfSlotBundle.apply(slot);
    }
    TeacherRecorder recorder = new TeacherRecorder(slot, observer, splitBundles, dropUnlabelled, shuffle, sink);
    teacher.schedule(recorder);
    if (stopLabels) {
      recorder.recordStop();
    }
    observer.placementDone(slot);
  }
}
