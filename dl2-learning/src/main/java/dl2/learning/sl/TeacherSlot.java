package dl2.learning.sl;

import dl2.learning.policy.PolicyScheduler;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.slot.Scheduler;
import java.util.function.Consumer;

/**
 * How teacher slots of the supervised warm-up are recorded (dl2-spec §8). The last two switches are
 * the spec's candidate fixes of its SL/RL mismatches 1 and 2 (Project, off by default):
 *
 * @param splitBundles teacher bundles become worker-then-PS samples (Original); off labels bundles
 * @param dropUnlabelled drop samples whose job is outside the window (Original keeps them)
 * @param startOfSlotBundle the teacher starts from RL's slot start (every job offered 1/1, §7.4,
 *     unrecorded) instead of 0/0
 * @param stopLabels when the teacher is done, its final state is labelled "stop"
 */
public record TeacherSlot(
    boolean splitBundles, boolean dropUnlabelled, boolean startOfSlotBundle, boolean stopLabels) {
  /**
   * DL2's slot step with {@code teacher} deciding in the policy's place: what {@code observer} sees
   * is kept as the policy's own step keeps it ({@code speeds}: what this run measured so far), and
   * every task the teacher adds becomes a labelled sample, sent to {@code sink}.
   */
  public PolicyScheduler step(
      Scheduler teacher,
      Observer observer,
      MeasuredSpeeds speeds,
      Rng shuffle,
      Consumer<LabelledSample> sink) {
    return new PolicyScheduler(
        teacher.name(),
        observer,
        slot -> {
          TeacherRecorder recorder =
              new TeacherRecorder(slot, observer, splitBundles, dropUnlabelled, shuffle, sink);
          teacher.schedule(recorder);
          if (stopLabels) {
            recorder.recordStop();
          }
        },
        startOfSlotBundle,
        speeds);
  }
}
