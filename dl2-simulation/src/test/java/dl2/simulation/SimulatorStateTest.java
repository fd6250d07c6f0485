package dl2.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A simulation saved between slots and restored continues exactly as the original. */
class SimulatorStateTest {
  private static final SimulationConfig CONFIG =
      new SimulationConfig(ClusterSpec.ofNodes(2), 4, 1200, 0.2, 1000);
  private static final Trace TRACE =
      new Trace(
          "t",
          List.of(
              new JobSpec(1, JobType.RESNET_50, 0, 3000, 3100),
              JobSpec.exact(2, JobType.DSSM, 1, 9000),
              JobSpec.exact(3, JobType.VGG_16, 2, 800),
              JobSpec.exact(4, JobType.WLM, 6, 5000)));

  /** A fixed, deterministic allocation rule: each job one bundle, then workers for the oldest. */
  private static final Scheduler RULE =
      new Scheduler() {
        @Override
        public String name() {
          return "rule";
        }

        @Override
        public void schedule(SlotContext slot) {
          for (JobView job : slot.jobs()) {
            slot.tryAdd(job, Task.BUNDLE);
          }
          if (!slot.jobs().isEmpty()) {
            while (slot.tryAdd(slot.jobs().get(0), Task.WORKER)) {
              // fill
            }
          }
        }
      };

  private static void runSlots(Simulator sim, int n) {
    for (int i = 0; i < n && !sim.finished(); i++) {
      RULE.schedule(sim.beginSlot());
      sim.endSlot();
    }
  }

  @Test
  void aRestoredSimulationFinishesExactlyAsTheOriginal() {
    Simulator original = new Simulator(CONFIG, TRACE, FittedOptimusSpeed.INSTANCE, 5);
    runSlots(original, 3);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    original.writeState(out);
    out.flush();
    Simulator restored = new Simulator(CONFIG, TRACE, FittedOptimusSpeed.INSTANCE, 99);
    restored.readState(new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "mem"));
    assertThat(restored.slot()).isEqualTo(original.slot());
    SimulationResult expected = original.run(RULE);
    assertThat(restored.run(RULE)).isEqualTo(expected);
  }

  @Test
  void aTruncatedStateIsRejectedInOneLine() {
    Simulator original = new Simulator(CONFIG, TRACE, FittedOptimusSpeed.INSTANCE, 5);
    runSlots(original, 2);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter out = new StateWriter(bytes);
    original.writeState(out);
    out.flush();
    byte[] cut = Arrays.copyOf(bytes.toByteArray(), bytes.size() - 9);
    Simulator fresh = new Simulator(CONFIG, TRACE, FittedOptimusSpeed.INSTANCE, 5);
    assertThatThrownBy(
            () -> fresh.readState(new StateReader(new ByteArrayInputStream(cut), "state.bin")))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("state.bin")
        .hasMessageContaining("truncated");
  }

  @Test
  void savingWhileASlotIsOpenIsRefused() {
    Simulator sim = new Simulator(CONFIG, TRACE, FittedOptimusSpeed.INSTANCE, 5);
    sim.beginSlot();
    assertThatThrownBy(() -> sim.writeState(new StateWriter(new ByteArrayOutputStream())))
        .isInstanceOf(IllegalStateException.class);
  }
}
