package dl2.report;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.simulation.SlotRecord;
import dl2.simulation.SlotStats;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RunCsvTest {
  private static SchedulerRun run() {
    List<JobOutcome> jobs =
        List.of(
            new JobOutcome(7, "resnet-50", 2, 3, 5.5, 3.5, 2, 1.5, 2),
            new JobOutcome(8, "wlm", 2, 2, 4, 2, -1, Double.NaN, Double.NaN));
    List<SlotRecord> log =
        List.of(new SlotRecord(2, 2, 1, 2, 0, 1, 2, new SlotStats(2, 0.5, 0.25, 0.125)));
    return new SchedulerRun(
        "drf",
        List.of(
            new TraceOutcome("test-0", OptionalLong.of(1), 2.75, 5.5, 4, jobs, List.of(), log)));
  }

  @Test
  void jobsHaveOneRowEachWithEmptyCellsForWhatWasNotRecorded() {
    assertThat(RunCsv.jobs(List.of(run())).split("\n"))
        .containsExactly(
            "trace,scheduler,job_id,job_type,arrival_slot,first_start_slot,finish_time,jct,waiting,slots_run,mean_ps,mean_workers",
            "test-0,drf,7,resnet-50,2,3,5.5,3.5,1,2,1.5,2.0",
            "test-0,drf,8,wlm,2,2,4.0,2.0,0,,,");
  }

  @Test
  void slotsHaveOneRowPerLoggedSlot() {
    assertThat(RunCsv.slots(List.of(run())).split("\n"))
        .containsExactly(
            "trace,scheduler,slot,jobs_outstanding,jobs_running,jobs_arrived,jobs_completed,ps_allocated,workers_allocated,"
                + "cpu_utilisation,gpu_utilisation",
            "test-0,drf,2,2,1,2,0,1,2,0.25,0.125");
  }
}
