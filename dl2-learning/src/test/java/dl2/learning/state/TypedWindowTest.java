package dl2.learning.state;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.EnvironmentFixtures;
import dl2.learning.speeds.MeasuredSpeeds;
import dl2.model.Rng;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The typed window kept across a slot's decisions ({@link TypedWindow}) on the GPU-typed presets:
 * random allowed actions, some slots starting with every job's bundle on its preferred type (as the
 * policy's start-of-slot bundle), must leave it equal to a fresh observation at every decision
 * (state, mask, jobs), with every action's node the one its column takes afresh, and the columns
 * and global features kept from the listener's events equal to the window's.
 */
class TypedWindowTest {
  @ParameterizedTest
  @CsvSource({"gavel-dense, 8, 20, 21, 12", "a100t4-dense, 4, 12, 22, 12"})
  void theKeptWindowEqualsAFreshObservationAtEveryDecision(
      String presetName, int liveCap, int jobs, long seed, int slots) {
    Preset preset = Presets.byName(presetName);
    Observer observer =
        new Observer(StateEncoding.TYPED.create(4 * jobs, 16, 30000, true), liveCap);
    SlotWindow window = observer.keptWindow();
    double[][] mirror = new double[4 * jobs][];
    double[][] globals = {null};
    int[] removals = {0};
    window.listen(
        new WindowListener() {
          @Override
          public void reset() {
            for (int c = 0; c < mirror.length; c++) {
              mirror[c] = window.features(c).clone();
            }
            globals[0] = window.globals().clone();
          }

          @Override
          public void globalsChanged() {
            globals[0] = window.globals().clone();
          }

          @Override
          public void changed(int column) {
            mirror[column] = window.features(column).clone();
          }

          @Override
          public void removed(int column) {
            System.arraycopy(mirror, column + 1, mirror, column, mirror.length - column - 1);
            mirror[mirror.length - 1] = new double[mirror[0].length];
            removals[0]++;
          }
        });
    Rng rng = new Rng(seed);
    Trace trace = TraceSets.test(preset, seed, 1).get(0);
    Simulator simulator =
        new Simulator(SimulationConfig.of(preset), trace, FittedOptimusSpeed.INSTANCE, 1);
    MeasuredSpeeds speeds = new MeasuredSpeeds();
    int[] decisions = {0};
    Scheduler step =
        observer.placed(
            EnvironmentFixtures.scheduler(
                "random",
                slot -> {
                  observer.startSlot(speeds, slot);
                  if (rng.nextDouble() < 0.5) {
                    for (JobView job : slot.jobs()) {
                      slot.tryAdd(job, Task.BUNDLE); // to the job's preferred type
                    }
                  }
                  window.begin(slot.jobs(), slot.slot());
                  while (window.hasTaskAction()) {
                    Observation kept = SlotWindowTest.keptEqualsFresh(window, observer, slot);
                    for (int a = 0; a < kept.mask().length - 1; a++) {
                      if (kept.columns()[a / 3] != null) {
                        assertThat(window.nodeFor(a))
                            .as("node of action %d", a)
                            .isEqualTo(observer.nodeFor(a, kept.columns()[a / 3]));
                      }
                    }
                    for (int c = 0; c < mirror.length; c++) {
                      assertThat(mirror[c]).as("column %d", c).containsExactly(window.features(c));
                    }
                    assertThat(globals[0]).as("globals").containsExactly(window.globals());
                    int action = SlotWindowTest.randomAllowed(kept.mask(), rng);
                    JobView job = kept.columns()[action / 3];
                    int node = window.nodeFor(action);
                    if (!slot.tryAddOn(node, job, observer.actions().task(action))) {
                      break;
                    }
                    window.allocated(action / 3, node);
                    decisions[0]++;
                  }
                  observer.endSlot(speeds, slot);
                }));
    while (!simulator.finished() && simulator.slot() < slots) {
      step.schedule(simulator.beginSlot());
      simulator.endSlot();
    }
    assertThat(decisions[0]).isGreaterThan(50);
    assertThat(removals[0]).as("columns of jobs that reached their caps").isPositive();
  }
}
