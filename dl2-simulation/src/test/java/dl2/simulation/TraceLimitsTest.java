package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.trace;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.JobSpec;
import dl2.model.JobType;
import org.junit.jupiter.api.Test;

/**
 * With cap 4 and 10 epochs per worker, a job alone does at most 40 epochs per slot; the check
 * allows twice that.
 */
class TraceLimitsTest {
  private static final SimulationConfig CONFIG = SimFixtures.config(1, 4).withMaxSlots(100);

  @Test
  void aJobThatCanFinishAloneWithinTheLimitPasses() {
    assertThatCode(
            () -> TraceLimits.check(trace(job(1, JobType.WLM, 20, 6400)), CONFIG, TEN_PER_WORKER))
        .doesNotThrowAnyException();
  }

  @Test
  void aJobTooLongOrTooLateForTheSlotLimitIsAnInputError() {
    assertThatThrownBy(
            () -> TraceLimits.check(trace(job(1, JobType.WLM, 20, 6500)), CONFIG, TEN_PER_WORKER))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "trace hand: job 1 (wlm, 6500 epochs, arriving in slot 20) cannot finish within the simulator's limit "
                + "of 100 slots even alone at twice its fastest speed (80 epochs per slot)");
    assertThatThrownBy(
            () -> TraceLimits.check(trace(job(2, JobType.WLM, 99, 100)), CONFIG, TEN_PER_WORKER))
        .hasMessageContaining("job 2 (wlm, 100 epochs, arriving in slot 99)");
    assertThatThrownBy(
            () ->
                TraceLimits.check(
                    trace(JobSpec.exact(3, JobType.WLM, 0, 1e308)), CONFIG, TEN_PER_WORKER))
        .hasMessage("trace hand: job 3 has more than the input limit of 1000000000 epochs");
  }
}
