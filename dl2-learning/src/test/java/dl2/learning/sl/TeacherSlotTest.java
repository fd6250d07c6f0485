package dl2.learning.sl;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.file.PolicySettings;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.schedulers.Optimus;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The optional SL/RL alignment of teacher slots (dl2-spec §8, candidate fixes 1 and 2). */
class TeacherSlotTest {
  private static final PolicySettings SETTINGS = PolicySettings.defaults(Presets.PAPER_TESTBED);

  private static List<LabelledSample> firstSlot(TeacherSlot rules) {
    Simulator simulator =
        new Simulator(
            SimulationConfig.of(Presets.PAPER_TESTBED),
            TraceSets.validation(Presets.PAPER_TESTBED, 3, 1).get(0),
            FittedOptimusSpeed.INSTANCE,
            3);
    List<LabelledSample> samples = new ArrayList<>();
    SlotContext slot = simulator.beginSlot();
    rules
        .step(
            new Optimus(),
            SETTINGS.observer(slot.taskCap()),
            new MeasuredSpeeds(),
            null,
            samples::add)
        .schedule(slot);
    return samples;
  }

  @Test
  void withoutAlignmentTheTeacherStartsFromNothingAndNeverStops() {
    List<LabelledSample> samples = firstSlot(new TeacherSlot(false, false, false, false));
    int stop = SETTINGS.actions().stop();
    assertThat(samples).isNotEmpty().noneMatch(s -> s.label() == stop);
    // Optimus' first increment for the first job is its worker, from 0/0.
    assertThat(SETTINGS.actions().task(samples.get(0).label())).isEqualTo(dl2.model.Task.WORKER);
  }

  @Test
  void theSlotStartBundleIsNotRecordedAndTheFinalStateIsLabelledStop() {
    List<LabelledSample> plain = firstSlot(new TeacherSlot(false, false, false, false));
    List<LabelledSample> aligned = firstSlot(new TeacherSlot(false, false, true, true));
    int stop = SETTINGS.actions().stop();
    int jobs = (int) plain.stream().filter(s -> s.label() != stop).count();
    // Every job of the first slot got its 1/1 unrecorded, so the teacher's two start-up
    // increments per job are gone; exactly one stop label closes the slot.
    assertThat(aligned.get(aligned.size() - 1).label()).isEqualTo(stop);
    assertThat(aligned.stream().filter(s -> s.label() == stop)).hasSize(1);
    assertThat(aligned.size() - 1).isLessThan(jobs);
    assertThat(aligned.get(aligned.size() - 1).mask()[stop]).isTrue();
  }
}
