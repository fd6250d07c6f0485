package dl2.simulation;

import static dl2.simulation.SimFixtures.TEN_PER_WORKER;
import static dl2.simulation.SimFixtures.job;
import static dl2.simulation.SimFixtures.simulator;
import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobResult;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import org.junit.jupiter.api.Test;

/**
 * The per-slot log and per-job allocations of a hand-computed run, and first starts in the result.
 */
class RecordedSimulationTest {
  private static final JobSpec[] JOBS = {
    job(1, JobType.RESNET_50, 0, 20), job(2, JobType.DSSM, 0, 10), job(3, JobType.WLM, 1, 10)
  };

  /** Only the lowest-id job runs, with as many bundles as its id. */
  private static final Scheduler ONE_AT_A_TIME =
      new Scheduler() {
        @Override
        public String name() {
          return "one-at-a-time";
        }

        @Override
        public void schedule(SlotContext slot) {
          JobView first = slot.jobs().get(0);
          for (int i = 0; i < first.id(); i++) {
            slot.tryAdd(first, Task.BUNDLE);
          }
        }
      };

  @Test
  void slotsAndJobsAreLoggedAsHandComputed() {
    RecordedSimulation run =
        RecordedSimulation.run(simulator(4, 16, TEN_PER_WORKER, JOBS), ONE_AT_A_TIME);
    // Slot 0: jobs 1 and 2 arrive, job 1 runs (10 of 20 epochs). Slot 1: job 3 arrives, job 1
    // finishes. Slot 2: job 2 runs with 2 bundles (20 epochs/slot) and finishes half-way. Slot 3:
    // job 3 runs with 3.
    assertThat(run.slots())
        .extracting(
            s ->
                new int[] {
                  s.slot(),
                  s.jobsOutstanding(),
                  s.jobsRunning(),
                  s.jobsArrived(),
                  s.jobsCompleted(),
                  s.parameterServers(),
                  s.workers()
                })
        .containsExactly(
            new int[] {0, 2, 1, 2, 0, 1, 1},
            new int[] {1, 3, 1, 1, 1, 1, 1},
            new int[] {2, 2, 1, 0, 1, 2, 2},
            new int[] {3, 1, 1, 0, 1, 3, 3});
    assertThat(run.jobs())
        .containsExactly(
            new JobUsage(1, 2, 2, 2), new JobUsage(2, 1, 2, 2), new JobUsage(3, 1, 3, 3));
    assertThat(run.jobs().get(2).meanWorkers()).isEqualTo(3);
    assertThat(run.result().jobs())
        .containsExactly(
            new JobResult(1, JobType.RESNET_50, 0, 1, 2, 0),
            new JobResult(2, JobType.DSSM, 0, 1.5, 2.5, 2),
            new JobResult(3, JobType.WLM, 1, 2 + 1 / 3.0, 2 + 1 / 3.0, 3));
    assertThat(run.result().jobs()).extracting(JobResult::waitingSlots).containsExactly(0, 2, 2);
  }

  @Test
  void recordingChangesNothingInTheResult() {
    SimulationResult plain = simulator(4, 16, TEN_PER_WORKER, JOBS).run(ONE_AT_A_TIME);
    assertThat(
            RecordedSimulation.run(simulator(4, 16, TEN_PER_WORKER, JOBS), ONE_AT_A_TIME).result())
        .isEqualTo(plain);
    assertThat(plain.slots()).hasSize(4);
  }

  @Test
  void theSlotLogCarriesTheSlotStats() {
    RecordedSimulation run =
        RecordedSimulation.run(simulator(4, 16, TEN_PER_WORKER, JOBS), ONE_AT_A_TIME);
    assertThat(run.slots()).extracting(SlotRecord::stats).isEqualTo(run.result().slots());
  }
}
