package dl2.kubernetes.controller;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobType;
import dl2.speed.EpochRateSpeed;
import org.junit.jupiter.api.Test;

class ReportedSpeedTest {
  /** The model says 1 epoch per slot per worker. */
  private final ReportedSpeed speed = new ReportedSpeed(new EpochRateSpeed((type, ps, workers) -> workers), 1200);

  @Test
  void theFactorIsTheSmoothedRatioOfReportedToModelledProgressAtAnUnchangedAllocation() {
    speed.observe("a", JobType.WLM, 0, 0, 0);
    speed.observe("a", JobType.WLM, 0, 2, 1); // first slot with tasks: the slot before had none
    assertThat(speed.factor("a")).isEqualTo(1.0);
    speed.observe("a", JobType.WLM, 1, 2, 1); // 1 epoch where the model says 2
    assertThat(speed.factor("a")).isEqualTo(0.5);
    speed.observe("a", JobType.WLM, 2.5, 2, 1); // 1.5 of 2: (0.5 + 0.75) / 2
    assertThat(speed.factor("a")).isEqualTo(0.625);
    speed.observe("a", JobType.WLM, 3, 4, 1); // resized: this slot may have paid a restart, so it does not count
    assertThat(speed.factor("a")).isEqualTo(0.625);
    assertThat(speed.factor("b")).isEqualTo(1.0);
  }

  @Test
  void slotsWithoutAWorkerOrAPsOrProgressDoNotCount() {
    speed.observe("a", JobType.WLM, 0, 2, 0);
    speed.observe("a", JobType.WLM, 0, 2, 0);
    speed.observe("a", JobType.WLM, 1, 2, 1);
    speed.observe("a", JobType.WLM, 1, 2, 1); // no progress reported: a stale report, not a zero speed
    assertThat(speed.factor("a")).isEqualTo(1.0);
  }
}
