package dl2.kubernetes.controller;

import dl2.learning.file.PolicySettings;
import dl2.learning.sl.LabelledSample;
import dl2.learning.sl.ShadowRecording;
import dl2.learning.sl.TeacherRecorder;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.learning.state.Observer;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.SlotContext;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Shadow mode (dl2-spec §8, §11): the cluster's scheduler (the teacher, DRF by default) runs for
 * real while each of its increments is recorded as a DL2 warm-up sample, with the same recorder as
 * simulated warm-up; each slot's samples go to {@code DIR/slot-NNNNNNNN.csv} once the slot has been
 * applied. {@code dl2 train-sl --from-recording DIR} trains from them.
 */
public final class ShadowRecorder {

  private final Path dir;
  private final Observer observer;
  private final boolean splitBundles;
  private final Rng shuffle;
  private final MeasuredSpeeds speeds = new MeasuredSpeeds();
  private SlotContext recording;

  /**
   * Records for a policy of {@code settings}; bundles are split unless the teacher is Tetris (as
   * train-sl does).
   */
  public ShadowRecorder(Path dir, PolicySettings settings, int taskCap, String teacher, long seed) {
    this.dir = dir;
    this.observer = settings.observer(taskCap);
    this.splitBundles = !teacher.equals(Schedulers.TETRIS);
    this.shuffle = new Rng(Rng.derive(seed, SeedStream.SHADOW_SHUFFLE));
  }

  SlotContext wrap(SlotContext slot, Consumer<LabelledSample> sink) {
    observer.startSlot(
        speeds, slot); // the observed encoding's speeds, learnt from this cluster's progress
    recording = slot;
    return new TeacherRecorder(slot, observer, splitBundles, false, shuffle, sink);
  }

  void write(int slot, List<LabelledSample> samples) {
    if (recording != null) {
      observer.endSlot(speeds, recording);
    }
    ShadowRecording.writeSlot(dir, slot, samples);
  }
}
