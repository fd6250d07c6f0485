package dl2.learning.state;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.EnvironmentFixtures;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A resumed run must see what an uninterrupted one sees: the placed encoding remembers where each
 * job ran last slot, and that memory goes through the resume state. An observer restored from it
 * encodes the next slot exactly as the one that played the earlier slots; one that starts empty
 * does not.
 */
class EncodingStateTest {
  private static final int JOBS = 8;

  @Test
  void aRestoredPlacedObserverEncodesTheNextSlotAsTheOneThatPlayedTheEarlierSlots() {
    Preset preset = Presets.byName("paper-testbed");
    Trace trace = TraceSets.test(preset, 11, 1).get(0);
    Simulator simulator =
        new Simulator(SimulationConfig.of(preset), trace, FittedOptimusSpeed.INSTANCE, 1);
    Observer played = placedObserver();
    MeasuredSpeeds speeds = new MeasuredSpeeds();
    Scheduler bundles =
        played.placed(
            EnvironmentFixtures.scheduler(
                "a bundle each",
                slot -> {
                  played.startSlot(speeds, slot);
                  for (JobView job : slot.jobs()) {
                    slot.tryAdd(job, Task.BUNDLE);
                  }
                  played.endSlot(speeds, slot);
                }));
    for (int s = 0; s < 4; s++) {
      bundles.schedule(simulator.beginSlot());
      simulator.endSlot();
    }
    Observer restored = placedObserver();
    restored.readState(roundTrip(played));
    Observer empty = placedObserver();

    SlotContext next = simulator.beginSlot();
    double[] expected = encodedAtStart(played, copy(speeds), next);
    assertThat(encodedAtStart(restored, copy(speeds), next)).isEqualTo(expected);
    assertThat(encodedAtStart(empty, copy(speeds), next)).isNotEqualTo(expected);
  }

  private static Observer placedObserver() {
    return new Observer(StateEncoding.PLACED.create(3 * JOBS, 16, 30000, true), 16);
  }

  private static StateReader roundTrip(Observer observer) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    observer.writeState(out);
    out.flush();
    return new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "test");
  }

  /** The same measurements, for each observer to start the slot from. */
  private static MeasuredSpeeds copy(MeasuredSpeeds speeds) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    speeds.writeState(out);
    out.flush();
    MeasuredSpeeds copy = new MeasuredSpeeds();
    copy.readState(new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "test"));
    return copy;
  }

  private static double[] encodedAtStart(
      Observer observer, MeasuredSpeeds speeds, SlotContext slot) {
    double[][] state = new double[1][];
    observer
        .placed(
            EnvironmentFixtures.scheduler(
                "observe",
                s -> {
                  observer.startSlot(speeds, s);
                  state[0] = observer.observe(s.jobs(), s.slot(), null).state();
                }))
        .schedule(slot);
    return state[0];
  }
}
