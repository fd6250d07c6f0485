package dl2.learning.state;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.EnvironmentFixtures;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotWindowTest {
  @Test
  void theKeptWindowAlwaysEqualsAFreshObservation() {
    // A live cap of 3 makes jobs leave the window within a slot, so later jobs move in.
    Preset preset = Presets.PAPER_SMALL;
    for (StateEncoding encoding : StateEncoding.values()) {
      Observer observer = new Observer(encoding.create(6, 16, 30000, true), 3);
      SlotWindow window = observer.keptWindow();
      List<String> events = new ArrayList<>();
      window.listen(
          new WindowListener() {
            @Override
            public void reset() {
              events.add("reset");
            }

            @Override
            public void changed(int column) {
              events.add("changed");
            }

            @Override
            public void removed(int column) {
              events.add("removed");
            }
          });
      Rng rng = new Rng(5);
      Trace trace = TraceSets.test(preset, 1, 1).get(0);
      Simulator simulator =
          new Simulator(SimulationConfig.of(preset), trace, FittedOptimusSpeed.INSTANCE, 1);
      int[] decisions = {0};
      MeasuredSpeeds speeds =
          new MeasuredSpeeds(); // the observed encodings' fitted speeds, as the dl2 scheduler
      // learns them
      Scheduler step =
          observer.placed(
              EnvironmentFixtures.scheduler(
                  "random",
                  slot -> { // the placed encoding's slot records where tasks go
                    observer.startSlot(speeds, slot);
                    window.begin(slot.jobs(), slot.slot());
                    while (window.hasTaskAction()) {
                      Observation kept = keptEqualsFresh(window, observer, slot);
                      int action = randomAllowed(kept.mask(), rng);
                      var job = kept.columns()[action / 3];
                      int node = observer.nodeFor(action, job);
                      if (!observer.tryAdd(slot, action, job, node)) {
                        break;
                      }
                      window.allocated(action / 3, node);
                      decisions[0]++;
                    }
                    observer.endSlot(speeds, slot);
                  }));
      while (!simulator.finished() && simulator.slot() < 30) {
        step.schedule(simulator.beginSlot());
        simulator.endSlot();
      }
      assertThat(decisions[0]).isGreaterThan(100);
      assertThat(events).contains("reset", "changed");
      if (encoding != StateEncoding.TYPED) {
        assertThat(events).contains("removed"); // the typed window re-encodes instead of moving
      }
    }
  }

  /** The kept window's observation, checked equal to a fresh one of the slot. */
  static Observation keptEqualsFresh(SlotWindow window, Observer observer, SlotContext slot) {
    Observation kept = window.observation();
    Observation fresh = observer.observe(slot.jobs(), slot.slot(), null);
    assertThat(kept.state()).containsExactly(fresh.state());
    assertThat(kept.mask()).containsExactly(fresh.mask());
    assertThat(kept.columns()).containsExactly(fresh.columns());
    return kept;
  }

  /** A uniformly drawn allowed action other than stop. */
  static int randomAllowed(boolean[] mask, Rng rng) {
    List<Integer> allowed = new ArrayList<>();
    for (int a = 0; a < mask.length - 1; a++) {
      if (mask[a]) {
        allowed.add(a);
      }
    }
    return allowed.get(rng.nextInt(allowed.size()));
  }
}
