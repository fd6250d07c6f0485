package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.slot.JobProgress;
import dl2.speed.EpochRateSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportedSpeedTest {
  /** The model says 1 epoch per slot per worker. */
  private final ReportedSpeed speed =
      new ReportedSpeed(new EpochRateSpeed((type, ps, workers) -> workers), 1200);

  private void measured(int slot, int workers, int ps, double epochs) {
    speed.observe(
        slot,
        List.of(new JobProgress(7, ps, workers, epochs, 1, epochs / 100, false)),
        id -> JobType.WLM);
  }

  @Test
  void theFactorIsTheSmoothedRatioOfReportedToModelledProgressAtAnUnchangedAllocation() {
    measured(
        1, 2, 1,
        1); // its first slot with tasks: the slot before had none, so it may have paid a start
    assertThat(speed.factor(7)).isEqualTo(1.0);
    measured(2, 2, 1, 1); // 1 epoch where the model says 2
    assertThat(speed.factor(7)).isEqualTo(0.5);
    measured(3, 2, 1, 1.5); // 1.5 of 2: (0.5 + 0.75) / 2
    assertThat(speed.factor(7)).isEqualTo(0.625);
    measured(4, 4, 1, 0.5); // resized: this slot may have paid a restart, so it does not count
    assertThat(speed.factor(7)).isEqualTo(0.625);
    measured(6, 4, 1, 4); // the slot before was not measured (it held nothing): does not count
    assertThat(speed.factor(7)).isEqualTo(0.625);
    assertThat(speed.factor(8)).isEqualTo(1.0);
  }

  @Test
  void slotsWithoutAWorkerOrAPsOrProgressDoNotCount() {
    measured(1, 2, 0, 0);
    measured(2, 2, 0, 0);
    measured(3, 2, 1, 1);
    measured(4, 2, 1, 0); // no progress reported: a stale report, not a zero speed
    assertThat(speed.factor(7)).isEqualTo(1.0);
  }
}
