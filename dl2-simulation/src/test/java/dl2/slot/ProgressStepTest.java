package dl2.slot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The slot arithmetic the simulator and the emulator share, by hand. */
class ProgressStepTest {
  @Test
  void aJobShortOfItsEpochsTrainsTheWholeUnlostSlot() {
    ProgressStep step = ProgressStep.of(10, 100, 40, 0.25);
    assertThat(step).isEqualTo(new ProgressStep(30, false, 1, 0.75));
  }

  @Test
  void aJobLandingExactlyOnItsEpochsCompletesAtTheSlotsEnd() {
    ProgressStep step = ProgressStep.of(60, 100, 40, 0);
    assertThat(step).isEqualTo(new ProgressStep(40, true, 1, 1));
    assertThat(step.completionTime(7)).isEqualTo(7.0);
  }

  @Test
  void aJobPassingItsEpochsStopsThereAfterTheLostPart() {
    // 0.25 of the slot lost, then 90 → 100 at 40 epochs per full slot: 10/40 = 0.25 more.
    ProgressStep step = ProgressStep.of(90, 100, 40, 0.25);
    assertThat(step).isEqualTo(new ProgressStep(10, true, 0.5, 0.25));
    assertThat(step.completionTime(3)).isEqualTo(2.5);
  }

  @Test
  void noWorkerNoProgress() {
    assertThat(ProgressStep.of(10, 100, 0, 0)).isEqualTo(new ProgressStep(0, false, 1, 1));
  }
}
