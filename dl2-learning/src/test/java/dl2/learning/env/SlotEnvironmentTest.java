package dl2.learning.env;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.learning.EnvironmentFixtures;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SlotOutcome;
import dl2.slot.Scheduler;
import dl2.speed.FittedOptimusSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The environment's step is begin slot, schedule, end slot, and what the cluster observed. One
 * node, cap 2; jobs 1 and 2 arrive at slot 0, job 3 at slot 1; job 1 needs a thousandth of an
 * epoch, so one slot on a bundle completes it.
 */
class SlotEnvironmentTest {
  private static final SimulatedClusters CLUSTERS =
      SimulatedClusters.of(
          new SimulationConfig(ClusterSpec.ofNodes(1), 2, 1200, 0, 1000),
          FittedOptimusSpeed.INSTANCE);
  private static final Trace TRACE =
      new Trace(
          "three",
          List.of(
              JobSpec.exact(1, JobType.DSSM, 0, 0.001),
              JobSpec.exact(2, JobType.DSSM, 0, 1000),
              JobSpec.exact(3, JobType.DSSM, 1, 1000)));
  private static final Scheduler IDLE = EnvironmentFixtures.scheduler("idle", slot -> {});

  @Test
  void thereIsNothingToStepBeforeARunIsStarted() {
    SlotEnvironment environment = new SlotEnvironment(CLUSTERS);
    assertThat(environment.started()).isFalse();
    assertThat(environment.done()).isTrue();
    environment.reset(TRACE, 1);
    assertThat(environment.started()).isTrue();
    assertThat(environment.done()).isFalse();
  }

  /**
   * Slot 0, idle: two jobs outstanding, none ran, both left. Slot 1: job 3 arrived, three
   * outstanding.
   */
  @Test
  void anIdleSlotReportsItsOutstandingJobsAndNoProgress() {
    SlotEnvironment environment = new SlotEnvironment(CLUSTERS);
    environment.reset(TRACE, 1);
    SlotOutcome first = environment.step(IDLE);
    assertThat(first.outstanding()).isEqualTo(2);
    assertThat(first.progress()).isEmpty();
    assertThat(first.remaining()).isEqualTo(2);
    assertThat(first.stats().slot()).isZero();
    assertThat(environment.step(IDLE).outstanding()).isEqualTo(3);
  }

  /**
   * Job 1 on a bundle completes in slot 0: its progress is reported, and one job is left of two.
   */
  @Test
  void aJobThatCompletesIsMeasuredAndNoLongerOutstanding() {
    SlotEnvironment environment = new SlotEnvironment(CLUSTERS);
    environment.reset(TRACE, 1);
    SlotOutcome outcome =
        environment.step(
            EnvironmentFixtures.scheduler(
                "first", slot -> slot.tryAdd(slot.jobs().get(0), Task.BUNDLE)));
    assertThat(outcome.progress()).hasSize(1);
    assertThat(outcome.progress().get(0).jobId()).isEqualTo(1);
    assertThat(outcome.progress().get(0).completed()).isTrue();
    assertThat(outcome.outstanding()).isEqualTo(2);
    assertThat(outcome.remaining()).isEqualTo(1);
    assertThat(outcome.finished()).isFalse();
  }
}
